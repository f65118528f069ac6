import type { UserBasic } from '@tandem/shared-types';

/** A user's round avatar; the server serves initials avatars, so there is always an image. */
export function Avatar({ user, size = 24, decorative = false }: { user: Pick<UserBasic, 'name' | 'username' | 'avatar_url'>; size?: number; decorative?: boolean }) {
  const src = user.avatar_url ?? `/-/avatars/${encodeURIComponent(user.username)}.svg`;
  return (
    <img
      className="avatar"
      src={src}
      width={size}
      height={size}
      alt={decorative ? '' : user.name}
      title={decorative ? undefined : user.name}
      loading="lazy"
    />
  );
}
