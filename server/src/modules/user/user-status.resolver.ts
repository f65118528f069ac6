import { Field, ObjectType, Parent, registerEnumType, ResolveField, Resolver } from '@nestjs/graphql';
import { parseGlobalId } from '../../core/graphql/global-id';
import { TimeScalar } from '../../core/graphql/scalars';
import { UserType } from './user.graphql-types';
import { NO_STATUS, UserStatusStore } from './user-status.store';

export enum AvailabilityEnum {
  NOT_SET = 'not_set',
  BUSY = 'busy',
}
registerEnumType(AvailabilityEnum, { name: 'AvailabilityEnum', description: 'User availability status' });

@ObjectType('UserStatus')
export class UserStatusType {
  @Field(() => AvailabilityEnum) availability!: AvailabilityEnum;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => String, { nullable: true, description: 'String representation of emoji.' }) emoji!: string | null;
  @Field(() => TimeScalar, { nullable: true, description: 'When the status clears itself.' }) clearStatusAt!: string | null;
}

/** GitLab's `UserCore.status`: the sidebar's '(Busy)' reads it. */
@Resolver(() => UserType)
export class UserStatusResolver {
  constructor(private readonly statuses: UserStatusStore) {}

  /** Policy: public (as the user's basic profile). */
  @ResolveField(() => UserStatusType, { nullable: true })
  async status(@Parent() u: UserType): Promise<UserStatusType | null> {
    const id = parseGlobalId(u.id, ['User']);
    if (id === null) return null;
    const s = (await this.statuses.forUsers([id])).get(id) ?? NO_STATUS;
    return { availability: s.availability as AvailabilityEnum, message: s.message, emoji: s.emoji, clearStatusAt: s.clearStatusAt };
  }
}
