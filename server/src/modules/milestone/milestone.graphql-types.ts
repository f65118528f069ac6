import { Field, ID, ObjectType } from '@nestjs/graphql';
import { toGlobalId } from '../../core/graphql/global-id';
import { DateScalar } from '../../core/graphql/scalars';
import type { Milestone } from './milestone.entity';

/** GitLab's `Milestone`, as the sidebar's milestone widget reads it. */
@ObjectType('Milestone')
export class MilestoneType {
  @Field(() => ID) id!: string;
  @Field() iid!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field({ description: 'State of the milestone (active or closed).' }) state!: string;
  @Field(() => DateScalar, { nullable: true }) dueDate!: string | null;
  @Field(() => DateScalar, { nullable: true }) startDate!: string | null;
  @Field() expired!: boolean;
  @Field() webPath!: string;
}

export function toMilestoneType(m: Milestone, ownerPath: string, isGroup: boolean): MilestoneType {
  const today = new Date().toISOString().slice(0, 10);
  return {
    id: toGlobalId('Milestone', m.id),
    iid: String(m.iid),
    title: m.title,
    description: m.description,
    state: m.state,
    dueDate: m.dueDate,
    startDate: m.startDate,
    expired: !!m.dueDate && m.dueDate < today,
    webPath: isGroup ? `/groups/${ownerPath}/-/milestones/${m.iid}` : `/${ownerPath}/-/milestones/${m.iid}`,
  };
}
