import type { CurrentUser, UserBasic } from '@tandem/shared-types';
import type { User } from './user.entity';

export function toUserBasic(u: User, baseUrl: string): UserBasic {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    state: u.state,
    locked: u.state === 'blocked',
    avatar_url: u.avatarUrl ?? `${baseUrl}${avatarFor(u)}`,
    web_url: `${baseUrl}/${u.username}`,
  };
}

export function toCurrentUser(u: User, baseUrl: string): CurrentUser {
  // confirmed_at only when the row was read with it (userFromRow's raw columns leave it out)
  const confirmed = u.confirmedAt === undefined ? {} : { confirmed_at: u.confirmedAt ? new Date(u.confirmedAt).toISOString() : null };
  return { ...toUserBasic(u, baseUrl), email: u.email, is_admin: u.isAdmin, created_at: u.createdAt.toISOString(), ...confirmed };
}

/** A generated initials avatar (data-free SVG path served by us), so no external service is needed. */
function avatarFor(u: User): string {
  return `/-/avatars/${encodeURIComponent(u.username)}.svg`;
}
