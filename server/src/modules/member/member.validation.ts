import { z } from 'zod';
import { ACCESS_LEVEL, clearableDate, positiveInt, requiredText, VALIDATION } from '@tandem/shared-types';
import { parseInput } from '../../core/http/zod-input';

/** The levels a membership may have (GitLab's minimal access, 5, is not supported). */
export const MEMBER_LEVELS: readonly number[] = [
  ACCESS_LEVEL.GUEST, ACCESS_LEVEL.REPORTER, ACCESS_LEVEL.DEVELOPER, ACCESS_LEVEL.MAINTAINER, ACCESS_LEVEL.OWNER,
];

export interface MemberCreateInput {
  /** By id, or by username when `username` was sent instead. */
  userId?: number;
  username?: string;
  accessLevel: number;
  expiresAt: string | null;
}

export interface MemberUpdateInput {
  accessLevel: number;
  /** undefined: unchanged; null: never expires. */
  expiresAt?: string | null;
}

const absent = (v: unknown) => v === undefined || v === null || v === '';
const levelsMessage = VALIDATION.notAllowed(MEMBER_LEVELS.map(String));

/** 10..50 as a number or a decimal string; blank is "can't be blank". */
const accessLevel = z.preprocess(
  (v) => (absent(v) ? undefined : typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ required_error: VALIDATION.required, invalid_type_error: levelsMessage })
    .refine((n) => MEMBER_LEVELS.includes(n), levelsMessage),
);

/**
 * A user id: a positive integer. Beyond the int4 range it can name nobody, which the service
 * answers 404 User Not Found (a reference, like GitLab, not a stored value).
 */
const userId = z.preprocess(
  (v) => (absent(v) ? undefined : v),
  z.unknown().refine((v) => v !== undefined, VALIDATION.required).pipe(positiveInt(Number.MAX_SAFE_INTEGER)),
);

/**
 * YYYY-MM-DD and a real day; ''/null mean "no expiry". (Not in the past is checked by the
 * service against the database's current_date, the day access checks compare with.)
 */
const expiresAt = clearableDate();

const byId = z
  .object({ user_id: userId, access_level: accessLevel, expires_at: expiresAt })
  .transform((b): MemberCreateInput => ({ userId: b.user_id, accessLevel: b.access_level, expiresAt: b.expires_at ?? null }));

const byUsername = z
  .object({ username: requiredText(255), access_level: accessLevel, expires_at: expiresAt })
  .transform((b): MemberCreateInput => ({ username: b.username, accessLevel: b.access_level, expiresAt: b.expires_at ?? null }));

const updateSchema = z
  .object({ access_level: accessLevel, expires_at: expiresAt })
  .transform((b): MemberUpdateInput => ({ accessLevel: b.access_level, expiresAt: b.expires_at }));

/** POST .../members: `user_id` (or `username`), `access_level`, optional `expires_at`. */
export function parseMemberCreate(raw: unknown): MemberCreateInput {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return parseInput(absent(body.user_id) && !absent(body.username) ? byUsername : byId, raw);
}

/** PUT .../members/:user_id: `access_level` (required, as GitLab), optional `expires_at`. */
export const parseMemberUpdate = (raw: unknown): MemberUpdateInput => parseInput(updateSchema, raw);

/** The `:user_id` path parameter: anything but a positive integer names no member. */
export function parseUserIdParam(raw: string): number | null {
  const r = positiveInt().safeParse(raw);
  return r.success ? r.data : null;
}
