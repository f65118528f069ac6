import { Injectable } from '@nestjs/common';
import type { IssueFieldsChanged } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { canProject, creatableIssueType, type Actor, type ProjectFacts } from '../../../core/policy/policy';
import { EventLogService, type Tx } from '../../../core/realtime/event-log.service';
import type { Project } from '../../project/project.entity';
import { User } from '../../user/user.entity';
import { ISSUE_FIELDS } from '../fields';
import { FieldEnvBuilder } from '../fields/field-env';
import { NOW, type IssueField, type SideEvent } from '../fields/issue-field';
import type { IssueCreateInput } from '../fields/issue-input';
import { issueFacts, issueNoteable, type IssueContext } from '../issue-context';
import { Issue } from '../issue.entity';
import { DescriptionVersionStore } from '../../note/description-versions/description-version.store';
import { QuickActionInterpreter } from '../quick-actions/quick-action-interpreter';
import { SpamCheckService } from '../../spam/spam-check.service';

/** The fields a create takes (fields/*.ts `onCreate`): anyone who may create the issue sets the authors' ones, reporters and up the rest (metadata). */
const CREATE_FIELDS = ISSUE_FIELDS.filter((f) => f.onCreate);
const mayCreate = (field: IssueField, triager: boolean) => !!field.onCreate && (triager || field.onCreate === 'author');

/**
 * Creates an issue: the next iid, the row, its labels and assignees, and `issue.created`. Each
 * field given is applied as an update would change it (the field's plan on the new row, its
 * side-table write once the row exists), without system notes.
 */
@Injectable()
export class CreateIssueAction {
  constructor(
    private readonly events: EventLogService,
    private readonly fieldEnv: FieldEnvBuilder,
    private readonly quickActions: QuickActionInterpreter,
    private readonly descriptionVersions: DescriptionVersionStore,
    private readonly spam: SpamCheckService,
  ) {}

  async execute(actor: Actor | null, project: Project, projectFacts: ProjectFacts, input: IssueCreateInput): Promise<Issue> {
    const prepared = await this.prepare(actor, project, projectFacts, input);
    // A new issue the spam check flags needs a captcha first (nothing is written); a move's copy is not checked
    await this.spam.check(prepared.actor, { noteableType: 'Issue', entity: 'issue', issueId: null, title: prepared.input.title, description: prepared.input.description ?? null });
    return this.events.transaction((tx) => this.executeInTx(tx, prepared.actor, project, projectFacts, prepared.input));
  }

  /** The policy checks and the description's quick actions, before any write (the input executeInTx takes). */
  async prepare(actor: Actor | null, project: Project, projectFacts: ProjectFacts, input: IssueCreateInput): Promise<{ actor: Actor; input: IssueCreateInput }> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (!canProject(actor, 'create_issue', projectFacts)) throw new AppError('FORBIDDEN');
    const metadata = CREATE_FIELDS.some((f) => f.onCreate !== 'author' && input[f.key as keyof IssueCreateInput] !== undefined);
    if (metadata && !canProject(actor, 'read_confidential_issues', projectFacts)) throw new AppError('FORBIDDEN');
    const prepared = await this.withDescriptionQuickActions(actor, project, projectFacts, input);
    // An incident (or test case) asked for by someone who may not open one is a plain issue (GitLab's BuildService)
    const issueType = prepared.issueType === undefined ? undefined : creatableIssueType(actor, prepared.issueType, projectFacts);
    return { actor, input: issueType === prepared.issueType ? prepared : { ...prepared, issueType } };
  }

  /** Inserts a prepared issue in the caller's transaction (a move writes its copy with the original's change); `issue.created` is published after its COMMIT. */
  async executeInTx(tx: Tx, actor: Actor, project: Project, projectFacts: ProjectFacts, input: IssueCreateInput): Promise<Issue> {
    const given = (f: IssueField) => input[f.key as keyof IssueCreateInput] !== undefined;
    const stray = ISSUE_FIELDS.find((f) => !f.onCreate && given(f));
    if (stray) throw new Error(`issue field ${stray.key} is not taken on create`);
    const m = tx.manager;
    const author = await m.getRepository(User).findOneByOrFail({ id: actor.id });
    const env = await this.fieldEnv.build(actor, author, project, input, m);
    const [rows] = (await m.query('UPDATE projects SET last_issue_iid = last_issue_iid + 1 WHERE id = $1 RETURNING last_issue_iid', [project.id])) as [Array<{ last_issue_iid: number }>, number];
    const repo = m.getRepository(Issue);
    // The new row as no field has set it yet
    const draft = repo.create({
      projectId: project.id,
      iid: rows[0]!.last_issue_iid,
      issueType: 'issue',
      title: '',
      description: null,
      descriptionHtml: '',
      state: 'opened',
      confidential: false,
      discussionLocked: false,
      lockVersion: 0,
      authorId: actor.id,
      updatedById: actor.id,
      dueDate: null,
      weight: null,
      severity: 'UNKNOWN',
      timeEstimate: 0,
      totalTimeSpent: 0,
      eventSeq: 0,
    });
    const ctx: IssueContext = { project, projectFacts, issue: draft, assigneeIds: [], facts: issueFacts(draft, []) };
    // Column fields in registry order (a later one sees an earlier one's value: severity needs the incident type)
    for (const field of CREATE_FIELDS.filter((f) => f.plan && given(f))) {
      const value = input[field.key as keyof IssueCreateInput] as never;
      // A column naming another row (milestone, iteration) reads it in this transaction
      const named = field.resolve ? await field.resolve(value, ctx, tx, { fresh: true }) : undefined;
      const change = field.plan!(value, draft, env, named);
      for (const [prop, v] of Object.entries(change?.set ?? {})) (draft as unknown as Record<string, unknown>)[prop] = v === NOW ? new Date() : v;
    }
    const issue = await repo.save(draft);
    await this.descriptionVersions.recordInitial(m, issue.id, actor.id, issue.description);
    // Side-table fields (labels, assignees, epic) write as they do on update; a new issue gets no system notes for them
    const sideEvents: SideEvent[] = [];
    for (const field of CREATE_FIELDS.filter((f) => f.write && given(f))) {
      const side = await field.write!(input[field.key as keyof IssueCreateInput] as never, tx, { ...ctx, issue }, env);
      if (side) sideEvents.push(...side.events);
    }
    const fresh = await repo.findOneByOrFail({ id: issue.id });
    // Rows that follow from the issue as written (an incident's SLA)
    for (const field of CREATE_FIELDS.filter((f) => f.afterWrite && given(f))) await field.afterWrite!(fresh, null, tx, { env, project });
    const fields: IssueFieldsChanged = { lock_version: fresh.lockVersion, updated_at: fresh.updatedAt.toISOString(), updated_by: env.actorBasic };
    for (const field of ISSUE_FIELDS) Object.assign(fields, field.event?.(fresh, env));
    await tx.record(issueNoteable(fresh, project), 'issue.created', { fields }, env.actorBasic);
    // Its labels, assignees and epic as events after it: replaying the log from the start gives the issue (the history, resource events)
    for (const e of sideEvents) await tx.record(issueNoteable(fresh, project), e.type, e.payload(fresh), env.actorBasic);
    return fresh;
  }

  /**
   * Quick actions in the new issue's description (GitLab's /label, /assign, /due, ... on
   * create): the commands the author may run on their new issue become its fields, and the
   * description is stored without them; they win over the request's own values for those fields.
   */
  private async withDescriptionQuickActions(actor: Actor, project: Project, projectFacts: ProjectFacts, input: IssueCreateInput): Promise<IssueCreateInput> {
    if (typeof input.description !== 'string' || !input.description.includes('/')) return input;
    const issue = { state: 'opened' as const, title: input.title, confidential: input.confidential ?? false, discussionLocked: false, dueDate: null, weight: null, timeEstimate: 0, totalTimeSpent: 0, zoomMeetingUrl: null, authorId: actor.id };
    const qa = await this.quickActions.interpretText(actor, { project, projectFacts, issue, assigneeIds: [], creating: true }, input.description);
    if (!qa) return input;
    // Fields a create takes; metadata only for reporters and up, as the fields a request names (the planner checked the issue abilities)
    const triager = canProject(actor, 'read_confidential_issues', projectFacts);
    const fields = Object.fromEntries(Object.entries(qa.input).filter(([k]) => k !== 'title' && CREATE_FIELDS.some((f) => f.key === k && mayCreate(f, triager))));
    return { ...input, ...fields, description: qa.body };
  }
}
