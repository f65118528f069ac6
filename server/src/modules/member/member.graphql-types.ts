import { ArgsType, Field, ID, Int, InterfaceType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ACCESS_LEVEL_NAMES } from '@tandem/shared-types';
import { Connection, ConnectionArgs } from '../../core/graphql/connection';
import { toGlobalId } from '../../core/graphql/global-id';
import { TimeScalar } from '../../core/graphql/scalars';
import { UserType } from '../user/user.graphql-types';
import type { RelatedMemberRow } from './member.mapper';

/** GitLab's ProjectMemberRelation, the values Tandem has data for. */
export enum ProjectMemberRelationEnum {
  DIRECT = 'DIRECT',
  INHERITED = 'INHERITED',
  INVITED_GROUPS = 'INVITED_GROUPS',
}
registerEnumType(ProjectMemberRelationEnum, { name: 'ProjectMemberRelation', description: 'Project member relation' });

/** GitLab's GroupMemberRelation. */
export enum GroupMemberRelationEnum {
  DIRECT = 'DIRECT',
  INHERITED = 'INHERITED',
  DESCENDANTS = 'DESCENDANTS',
  SHARED_FROM_GROUPS = 'SHARED_FROM_GROUPS',
  SHARED_INTO_ANCESTORS = 'SHARED_INTO_ANCESTORS',
}
registerEnumType(GroupMemberRelationEnum, { name: 'GroupMemberRelation', description: 'Group member relation' });

/** GitLab's AccessLevelEnum (the roles Tandem has). */
export enum AccessLevelEnum {
  NO_ACCESS = 'NO_ACCESS',
  GUEST = 'GUEST',
  REPORTER = 'REPORTER',
  DEVELOPER = 'DEVELOPER',
  MAINTAINER = 'MAINTAINER',
  OWNER = 'OWNER',
}
registerEnumType(AccessLevelEnum, { name: 'AccessLevelEnum', description: 'Access level to a resource' });

@ObjectType('AccessLevel')
export class AccessLevelType {
  @Field(() => Int, { description: 'Integer number of the access level.' }) integerValue!: number;
  @Field(() => AccessLevelEnum, { description: 'Enum string of the access level.' }) stringValue!: AccessLevelEnum;
  @Field(() => String, { description: 'Human-readable display name for the access level.' }) humanAccess!: string;
}

/** The fields every membership answers (GitLab's MemberInterface); inherited and shared ones are the group's. */
@InterfaceType('MemberInterface', {
  resolveType: (m: MemberNode) => (m.kind === 'ProjectMember' ? ProjectMemberType : GroupMemberType),
})
export class MemberInterface {
  @Field(() => ID) id!: string;
  @Field(() => AccessLevelType, { nullable: true }) accessLevel!: AccessLevelType | null;
  @Field(() => UserType, { nullable: true }) user!: UserType | null;
  @Field(() => TimeScalar, { nullable: true }) createdAt!: string | null;
  @Field(() => TimeScalar, { nullable: true }) updatedAt!: string | null;
  @Field(() => TimeScalar, { nullable: true }) expiresAt!: string | null;
  kind!: 'ProjectMember' | 'GroupMember';
}
export type MemberNode = MemberInterface;

@ObjectType('ProjectMember', { implements: () => [MemberInterface] })
export class ProjectMemberType extends MemberInterface {}

@ObjectType('GroupMember', { implements: () => [MemberInterface] })
export class GroupMemberType extends MemberInterface {}

@ObjectType('MemberInterfaceConnection')
export class MemberInterfaceConnection extends Connection(MemberInterface, 'MemberInterface') {}

@ObjectType('GroupMemberConnection')
export class GroupMemberConnection extends Connection(GroupMemberType, 'GroupMember') {}

@ArgsType()
export class ProjectMembersArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: 'Search query.' }) search?: string | null;
  @Field(() => [ProjectMemberRelationEnum], { nullable: true, description: 'Filter members by the given member relations.', defaultValue: ['DIRECT', 'INHERITED'] })
  relations?: ProjectMemberRelationEnum[] | null;
}

@ArgsType()
export class GroupMembersArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: 'Search query.' }) search?: string | null;
  @Field(() => [GroupMemberRelationEnum], { nullable: true, description: 'Filter members by the given member relations.', defaultValue: ['DIRECT', 'INHERITED'] })
  relations?: GroupMemberRelationEnum[] | null;
}

const STRING_VALUES: Record<number, AccessLevelEnum> = {
  0: AccessLevelEnum.NO_ACCESS,
  10: AccessLevelEnum.GUEST,
  20: AccessLevelEnum.REPORTER,
  30: AccessLevelEnum.DEVELOPER,
  40: AccessLevelEnum.MAINTAINER,
  50: AccessLevelEnum.OWNER,
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toMemberNode(m: RelatedMemberRow, baseUrl: string): MemberNode {
  return {
    kind: m.member_type,
    id: toGlobalId(m.member_type, m.member_id),
    accessLevel: { integerValue: m.access_level, stringValue: STRING_VALUES[m.access_level] ?? AccessLevelEnum.NO_ACCESS, humanAccess: ACCESS_LEVEL_NAMES[m.access_level] ?? '' },
    user: {
      id: toGlobalId('User', m.user_id),
      username: m.username,
      name: m.name,
      avatarUrl: m.avatar_url ?? `/-/avatars/${encodeURIComponent(m.username)}.svg`,
      webUrl: `${baseUrl}/${m.username}`,
      webPath: `/${m.username}`,
      state: m.state,
    },
    createdAt: iso(m.created_at),
    updatedAt: iso(m.updated_at),
    // A date (the last day of access): GitLab answers it as the start of that day, UTC
    expiresAt: m.expires_at ? `${m.expires_at}T00:00:00Z` : null,
  };
}
