import type { ApiMember } from '@tandem/shared-types';
import type { User } from '../user/user.entity';
import { toUserBasic } from '../user/user.mapper';

/** A membership joined with its user, as the member queries return it. */
export interface MemberRow {
  user_id: number;
  username: string;
  name: string;
  state: User['state'];
  avatar_url: string | null;
  access_level: number;
  /** YYYY-MM-DD (selected as text: pg would turn a date into a local-midnight Date). */
  expires_at: string | null;
  created_at: Date;
}

/** A membership found by relation (GraphQL members): its own row id, and whether it is a project's or a group's. */
export interface RelatedMemberRow extends MemberRow {
  member_id: number;
  member_type: 'ProjectMember' | 'GroupMember';
  updated_at: Date;
}

export function toApiMember(m: MemberRow, baseUrl: string): ApiMember {
  const user = { id: m.user_id, username: m.username, name: m.name, state: m.state, avatarUrl: m.avatar_url } as User;
  return {
    ...toUserBasic(user, baseUrl),
    access_level: m.access_level,
    expires_at: m.expires_at,
    created_at: new Date(m.created_at).toISOString(),
    membership_state: 'active',
  };
}
