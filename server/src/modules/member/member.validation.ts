import { ACCESS_LEVEL, VALIDATION } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';

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

type Raw = Record<string, unknown>;
type Errors = Record<string, string[]>;

const add = (e: Errors, field: string, msg: string) => (e[field] ??= []).push(msg);

const toInt = (v: unknown): number => {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : NaN;
  if (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v)) return Number(v);
  return NaN;
};

/** A positive id (users.id is an integer column: larger values can match nothing). */
function id(e: Errors, raw: Raw, field: string): number | undefined {
  const v = raw[field];
  if (v === undefined || v === null || v === '') return undefined;
  const n = toInt(v);
  if (!Number.isSafeInteger(n)) add(e, field, VALIDATION.notInteger);
  else if (n <= 0) add(e, field, VALIDATION.mustBePositive);
  return n;
}

function level(e: Errors, raw: Raw): number {
  const v = raw.access_level;
  if (v === undefined || v === null || v === '') {
    add(e, 'access_level', VALIDATION.required);
    return 0;
  }
  const n = toInt(v);
  if (!MEMBER_LEVELS.includes(n)) add(e, 'access_level', VALIDATION.notAllowed(MEMBER_LEVELS.map(String)));
  return n;
}

/**
 * YYYY-MM-DD and a real day; ''/null mean "no expiry". (Not in the past is checked by the
 * service against the database's current_date, the day access checks compare with.)
 */
function expiry(e: Errors, raw: Raw): string | null | undefined {
  const v = raw.expires_at;
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  // Round-trip check: Date.parse rolls 2030-02-30 over to March, which Postgres then refuses
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || v.startsWith('0000') || Number.isNaN(Date.parse(`${v}T00:00:00Z`)) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) !== v) {
    add(e, 'expires_at', VALIDATION.notDate);
    return undefined;
  }
  return v;
}

function done<T>(e: Errors, value: T): T {
  if (Object.keys(e).length) throw new ValidationError(e);
  return value;
}

/** POST .../members: `user_id` (or `username`), `access_level`, optional `expires_at`. */
export function parseMemberCreate(raw: Raw): MemberCreateInput {
  const e: Errors = {};
  const userId = id(e, raw, 'user_id');
  let username: string | undefined;
  if (userId === undefined && !e.user_id) {
    if (typeof raw.username === 'string' && raw.username.trim()) username = raw.username.trim();
    else if (raw.username !== undefined && raw.username !== null && raw.username !== '') add(e, 'username', 'must be a string');
    else add(e, 'user_id', VALIDATION.required);
  }
  const accessLevel = level(e, raw);
  const expiresAt = expiry(e, raw);
  return done(e, { userId, username, accessLevel, expiresAt: expiresAt ?? null });
}

/** PUT .../members/:user_id: `access_level` (required, as GitLab), optional `expires_at`. */
export function parseMemberUpdate(raw: Raw): MemberUpdateInput {
  const e: Errors = {};
  const accessLevel = level(e, raw);
  const expiresAt = expiry(e, raw);
  return done(e, { accessLevel, expiresAt });
}

/** The `:user_id` path parameter: anything but a positive integer names no member. */
export function parseUserIdParam(raw: string): number | null {
  const n = toInt(raw);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
