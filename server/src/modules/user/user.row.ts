import { User } from './user.entity';

/** The user columns raw queries select (`u.` prefixed), in the order of UserRow. */
export const USER_COLUMNS = 'u.id, u.username, u.name, u.email, u.avatar_url, u.state, u.is_admin, u.created_at, u.updated_at';

/** A user as raw SQL returns it: columns, or json_build_object (times as text then). */
export interface UserRow {
  id: number;
  username: string;
  name: string;
  email: string;
  avatar_url: string | null;
  state: User['state'];
  is_admin: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export const userFromRow = (r: UserRow): User =>
  Object.assign(new User(), {
    id: Number(r.id), username: r.username, name: r.name, email: r.email, avatarUrl: r.avatar_url, state: r.state,
    isAdmin: r.is_admin, createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at),
  });
