import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { Connection } from '../../../core/graphql/connection';
import { toGlobalId } from '../../../core/graphql/global-id';
import { DateScalar, TimeScalar } from '../../../core/graphql/scalars';
import { toUserType, UserType } from '../../user/user.graphql-types';
import type { TimelogRow } from './timelog.finder';

/** GitLab's `Timelog` (the fields its time-tracking report reads). */
@ObjectType('Timelog')
export class TimelogType {
  @Field(() => ID) id!: string;
  @Field(() => Int, { description: 'Time spent in seconds (negative: subtracted).' }) timeSpent!: number;
  @Field(() => DateScalar) spentAt!: string;
  @Field(() => String, { nullable: true }) summary!: string | null;
  @Field(() => TimeScalar) createdAt!: string;
  @Field(() => UserType, { nullable: true }) user!: UserType | null;
}

@ObjectType('TimelogConnection')
export class TimelogConnection extends Connection(TimelogType, 'Timelog') {}

export function toTimelogType(t: TimelogRow, baseUrl: string): TimelogType {
  return {
    id: toGlobalId('Timelog', t.id),
    timeSpent: t.timeSpent,
    spentAt: t.spentAt,
    summary: t.summary,
    createdAt: t.createdAt.toISOString(),
    user: t.user ? toUserType(t.user, baseUrl) : null,
  };
}
