import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '../../core/graphql/connection';
import { toGlobalId } from '../../core/graphql/global-id';
import type { User } from './user.entity';

/** GitLab's `UserCore` (the fields the sidebar's user fragment reads). */
@ObjectType('UserCore')
export class UserType {
  @Field(() => ID) id!: string;
  @Field() username!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) avatarUrl!: string | null;
  @Field() webUrl!: string;
  @Field() webPath!: string;
  @Field() state!: string;
}

@ObjectType('UserCoreConnection')
export class UserCoreConnection extends Connection(UserType, 'UserCore') {}

export function toUserType(u: User, baseUrl: string): UserType {
  return {
    id: toGlobalId('User', u.id),
    username: u.username,
    name: u.name,
    avatarUrl: u.avatarUrl ?? `/-/avatars/${encodeURIComponent(u.username)}.svg`,
    webUrl: `${baseUrl}/${u.username}`,
    webPath: `/${u.username}`,
    state: u.state,
  };
}
