import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { toGlobalId } from '../../core/graphql/global-id';
import { DateScalar } from '../../core/graphql/scalars';
import type { ApiIssueIteration } from '@tandem/shared-types';

export enum HealthStatusEnum {
  onTrack = 'onTrack',
  needsAttention = 'needsAttention',
  atRisk = 'atRisk',
}
registerEnumType(HealthStatusEnum, { name: 'HealthStatus', description: 'Health status of an issue or epic' });

/** GraphQL's camelCase health statuses and the stored snake_case ones. */
export const HEALTH_FROM_GRAPHQL = { onTrack: 'on_track', needsAttention: 'needs_attention', atRisk: 'at_risk' } as const;
export const HEALTH_TO_GRAPHQL = { on_track: HealthStatusEnum.onTrack, needs_attention: HealthStatusEnum.needsAttention, at_risk: HealthStatusEnum.atRisk } as const;

export enum IterationStateEnum {
  upcoming = 'upcoming',
  current = 'current',
  closed = 'closed',
}
registerEnumType(IterationStateEnum, { name: 'IterationState', description: 'State of a GitLab iteration' });

@ObjectType('IterationCadence')
export class IterationCadenceType {
  @Field(() => ID) id!: string;
  @Field() title!: string;
}

/** GitLab's `Iteration`, as the sidebar's iteration selector reads it. */
@ObjectType('Iteration')
export class IterationType {
  @Field(() => ID) id!: string;
  @Field() iid!: string;
  @Field(() => String, { nullable: true }) title!: string | null;
  @Field(() => IterationStateEnum) state!: IterationStateEnum;
  @Field(() => DateScalar) startDate!: string;
  @Field(() => DateScalar) dueDate!: string;
  @Field() webUrl!: string;
  @Field(() => IterationCadenceType) iterationCadence!: IterationCadenceType;
}

export function toIterationType(it: ApiIssueIteration): IterationType {
  return {
    id: toGlobalId('Iteration', it.id),
    iid: String(it.iid),
    title: it.title,
    state: it.state as IterationStateEnum,
    startDate: it.start_date,
    dueDate: it.due_date,
    webUrl: it.web_url,
    iterationCadence: { id: toGlobalId('Iterations::Cadence', it.iteration_cadence.id), title: it.iteration_cadence.title },
  };
}
