import { Args, Field, ID, InputType, Mutation, ObjectType, registerEnumType, Resolver } from '@nestjs/graphql';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { AlertType, toAlertType } from './alert.resolver';
import { AlertService } from './alert.service';

/** The statuses a user may set (GitLab's AlertManagementStatus, less IGNORED, which the Alert details tab does not offer). */
export enum AlertManagementStatus {
  TRIGGERED = 'TRIGGERED',
  ACKNOWLEDGED = 'ACKNOWLEDGED',
  RESOLVED = 'RESOLVED',
}
registerEnumType(AlertManagementStatus, { name: 'AlertManagementStatus', description: 'Alert status values' });

@InputType('UpdateAlertStatusInput')
export class UpdateAlertStatusInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID, { description: 'Project the alert to mutate is in.' }) projectPath!: string;
  @Field({ description: 'IID of the alert to mutate.' }) iid!: string;
  @Field(() => AlertManagementStatus, { description: 'Status to set the alert.' }) status!: AlertManagementStatus;
}

@ObjectType('UpdateAlertStatusPayload')
export class UpdateAlertStatusPayload {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => AlertType, { nullable: true }) alert!: AlertType | null;
  @Field(() => [String]) errors!: string[];
}

/** GitLab's `updateAlertStatus`: the Alert details tab's status dropdown. */
@Resolver()
export class AlertStatusResolver {
  constructor(private readonly alerts: AlertService) {}

  /** Policy: update_alert (developers and up; reporters read alerts but get FORBIDDEN; others NOT_FOUND). */
  @Mutation(() => UpdateAlertStatusPayload, { nullable: true })
  async updateAlertStatus(@CurrentActor() actor: Actor | null, @Args('input') input: UpdateAlertStatusInput): Promise<UpdateAlertStatusPayload> {
    const { alert, project } = await this.alerts.setStatus(actor, input.projectPath, input.iid, input.status);
    return { clientMutationId: input.clientMutationId ?? null, alert: toAlertType(alert, project.fullPath, this.alerts.config.publicUrl, true), errors: [] };
  }
}
