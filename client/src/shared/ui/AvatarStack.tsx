import type { UserBasic } from '@tandem/shared-types';
import { Avatar } from './Avatar';

/** Overlapping avatars of a few users (the first `max`), named together by `label` for screen readers. */
export function AvatarStack({ users, label, max = 3, size = 20 }: { users: ReadonlyArray<Pick<UserBasic, 'id' | 'name' | 'username' | 'avatar_url'>>; label: string; max?: number; size?: number }) {
  if (!users.length) return null;
  return (
    <span className="avatar-stack" aria-label={label}>
      {users.slice(0, max).map((u) => (
        <Avatar key={u.id} user={u} size={size} />
      ))}
    </span>
  );
}
