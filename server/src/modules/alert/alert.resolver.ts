import { Args, Field, ID, Int, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { GraphQLScalarType } from 'graphql';
import type { IncidentAlert } from '@tandem/shared-types';
import { TimeScalar } from '../../core/graphql/scalars';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { canProject, type Actor } from '../../core/policy/policy';
import { IssueType } from '../issue/issue.graphql-types';
import { ProjectType } from '../project/project.graphql-types';
import { AlertService } from './alert.service';
import { alertByIid, alertOfIssue, type AlertRow } from './alert.store';

/** GitLab's JSON scalar (the alert's details): output only. */
const JsonScalar = new GraphQLScalarType({ name: 'JSON', description: 'Any JSON value.', serialize: (v) => v });

@ObjectType('Environment')
export class AlertEnvironmentType {
  @Field() name!: string;
}

@ObjectType('AlertManagementAlert')
export class AlertType implements IncidentAlert {
  @Field(() => ID) iid!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() severity!: string;
  @Field() status!: string;
  @Field(() => TimeScalar) startedAt!: string;
  @Field(() => TimeScalar, { nullable: true }) endedAt!: string | null;
  @Field(() => Int) eventCount!: number;
  @Field(() => String, { nullable: true }) monitoringTool!: string | null;
  @Field(() => String, { nullable: true }) service!: string | null;
  @Field(() => [String]) hosts!: string[];
  @Field(() => AlertEnvironmentType, { nullable: true, description: 'The environment the alert came from (gitlab_environment_name).' }) environment!: { name: string } | null;
  @Field(() => JsonScalar) details!: Record<string, unknown>;
  @Field() detailsUrl!: string;
  @Field({ description: "Tandem: the viewer may change the alert's status (update_alert), so the Alert details tab offers it." }) canUpdateStatus!: boolean;
}

export const toAlertType = (a: AlertRow, projectPath: string, baseUrl: string, canUpdateStatus = false): AlertType => ({
  iid: a.iid,
  title: a.title,
  description: a.description,
  severity: a.severity,
  status: a.status,
  startedAt: a.startedAt,
  endedAt: a.endedAt,
  eventCount: a.eventCount,
  monitoringTool: a.monitoringTool,
  service: a.service,
  hosts: a.hosts,
  environment: a.environment,
  details: a.details,
  // Tandem shows an alert on its incident's Alert details tab
  detailsUrl: a.issueIid === null ? '' : `${baseUrl}/${projectPath}/-/issues/${a.issueIid}#alert-details`,
  canUpdateStatus,
});

/** `Issue.alertManagementAlert` and `Issue.slaDueAt` (the incident page's tabs and highlight bar). */
@Resolver(() => IssueType)
export class IssueAlertResolver {
  constructor(
    private readonly alerts: AlertService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /** Policy: read_issue (checked when the issue was loaded); alerts are operational data for reporters and up (read_confidential_issues, GitLab's read_alert_management_alert). */
  @ResolveField(() => AlertType, { nullable: true })
  async alertManagementAlert(@CurrentActor() actor: Actor | null, @Parent() i: IssueType): Promise<AlertType | null> {
    const id = Number(i.id.slice(i.id.lastIndexOf('/') + 1));
    const a = await alertOfIssue(this.ds, id);
    return a && canProject(actor, 'read_confidential_issues', i.projectFacts) ? toAlertType(a, i.projectFullPath, this.alerts.config.publicUrl, canProject(actor, 'update_alert', i.projectFacts)) : null;
  }

  /** Policy: read_issue (checked on load). The incident's SLA due time, if it has one. */
  @ResolveField(() => TimeScalar, { nullable: true })
  async slaDueAt(@Parent() i: IssueType): Promise<string | null> {
    const id = Number(i.id.slice(i.id.lastIndexOf('/') + 1));
    const [row] = (await this.ds.query('SELECT due_at FROM issuable_slas WHERE issue_id = $1', [id])) as Array<{ due_at: string | Date }>;
    return row ? new Date(row.due_at).toISOString() : null;
  }
}

/** `Project.alertManagementAlert(iid)`. */
@Resolver(() => ProjectType)
export class ProjectAlertResolver {
  constructor(
    private readonly alerts: AlertService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /** Policy: read_confidential_issues on the project (reporters and up, GitLab's read_alert_management_alert); null otherwise. */
  @ResolveField(() => AlertType, { nullable: true })
  async alertManagementAlert(@CurrentActor() actor: Actor | null, @Parent() p: ProjectType, @Args('iid', { type: () => String }) iid: string): Promise<AlertType | null> {
    if (!/^\d{1,9}$/.test(iid)) return null;
    const a = await alertByIid(this.ds, p.entity.id, Number(iid));
    return a && canProject(actor, 'read_confidential_issues', p.facts) ? toAlertType(a, p.fullPath, this.alerts.config.publicUrl, canProject(actor, 'update_alert', p.facts)) : null;
  }
}
