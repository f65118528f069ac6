import { z } from 'zod';
import { ERROR_SORTS, ERROR_STATUSES, ERROR_TRACKING, VALIDATION, type ErrorSort, type ErrorStatus } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';
import { parseInput } from '../../core/http/zod-input';

const settings = z
  .object({
    active: z.boolean({ invalid_type_error: VALIDATION.notBoolean }).optional(),
    integrated: z.boolean({ invalid_type_error: VALIDATION.notBoolean }).optional(),
  })
  .strict();

/** PUT settings: {active?, integrated?} (booleans; at least one). */
export function parseSettings(body: unknown): { active?: boolean; integrated?: boolean } {
  const b = parseInput(settings, body ?? {});
  if (b.active === undefined && b.integrated === undefined) throw new ValidationError({ active: [VALIDATION.atLeastOne(['active', 'integrated'])] });
  return b;
}

export interface ListParams {
  search: string | null;
  sort: ErrorSort;
  status: ErrorStatus | null;
  cursor: { v: string | number; id: number; back?: boolean } | null;
}

const bad = (field: string, message: string) => new ValidationError({ [field]: [message] });
const one = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** The list's query: search_term (trimmed), sort (default last_seen), issue_status (absent: every status), cursor. */
export function parseListParams(q: Record<string, unknown>): ListParams {
  const search = one(q.search_term);
  if (search !== undefined && typeof search !== 'string') throw bad('search_term', VALIDATION.invalid);
  const term = (search ?? '').trim();
  if (term.length > ERROR_TRACKING.searchMaxLength) throw bad('search_term', VALIDATION.tooLong(ERROR_TRACKING.searchMaxLength));
  const sort = one(q.sort) ?? ERROR_TRACKING.defaultSort;
  if (!ERROR_SORTS.includes(sort as ErrorSort)) throw bad('sort', VALIDATION.notAllowed(ERROR_SORTS));
  const status = one(q.issue_status);
  if (status !== undefined && status !== '' && !ERROR_STATUSES.includes(status as ErrorStatus)) throw bad('issue_status', VALIDATION.notAllowed(ERROR_STATUSES));
  const cursor = one(q.cursor);
  return { search: term || null, sort: sort as ErrorSort, status: status ? (status as ErrorStatus) : null, cursor: cursor ? decodeCursor(cursor) : null };
}

export const encodeCursor = (c: { v: string | number; id: number; back?: boolean }) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(raw: unknown): ListParams['cursor'] {
  try {
    if (typeof raw !== 'string' || raw.length > 200) throw new Error();
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { v?: unknown; id?: unknown; back?: unknown };
    const okV = typeof c.v === 'number' ? Number.isSafeInteger(c.v) : typeof c.v === 'string' && !Number.isNaN(Date.parse(c.v));
    if (!okV || typeof c.id !== 'number' || !Number.isSafeInteger(c.id) || c.id < 0) throw new Error();
    return { v: c.v as string | number, id: c.id, back: c.back === true };
  } catch {
    throw bad('cursor', VALIDATION.invalid);
  }
}

const status = z.object({ status: z.enum(ERROR_STATUSES, { errorMap: () => ({ message: VALIDATION.notAllowed(ERROR_STATUSES) }) }) }).passthrough();

/** PUT {error}.json: {status: unresolved | resolved | ignored}. */
export function parseStatus(body: unknown): ErrorStatus {
  return parseInput(status, body ?? {}).status;
}

/** An error id from a route: a positive integer. */
export function parseErrorId(id: string): number | null {
  return /^\d{1,15}$/.test(id) && Number(id) > 0 ? Number(id) : null;
}
