import { z } from 'zod';
import { VALIDATION } from '@tandem/shared-types';
import { parseInput } from '../../core/http/zod-input';
import { boolParam, dateParam, oneOfParam, textParam } from '../issue/fields/params';
import { parseLockVersion } from '../issue/issue.validation';

const idParam = z.coerce.number({ invalid_type_error: VALIDATION.notInteger }).int(VALIDATION.notInteger).positive(VALIDATION.mustBePositive).max(2_147_483_647, VALIDATION.tooLarge(2_147_483_647));

const fields = {
  title: textParam(255, { required: true }),
  description: textParam(1_048_576),
  confidential: boolParam(),
  start_date: dateParam(),
  end_date: dateParam(),
  /** GitLab accepts due_date_fixed for the end date too. */
  due_date_fixed: dateParam(),
  start_date_fixed: dateParam(),
  parent_id: z.union([z.null(), idParam]),
};

const create = z.object({ ...fields, title: fields.title }).partial().extend({ title: fields.title });
const update = z.object({ ...fields, state_event: oneOfParam(['close', 'reopen'] as const) }).partial();

export interface EpicInput {
  title?: string;
  description?: string | null;
  confidential?: boolean;
  startDate?: string | null;
  endDate?: string | null;
  parentId?: number | null;
  stateEvent?: 'close' | 'reopen';
  /** The lock_version the editor read (PUT only): a stale one is a 409 and changes nothing. */
  lockVersion?: number;
}

function toInput(b: Record<string, unknown>): EpicInput {
  const out: EpicInput = {};
  if (b.title !== undefined) out.title = (b.title as string).trim();
  if (b.description !== undefined) out.description = b.description as string | null;
  if (b.confidential !== undefined) out.confidential = b.confidential as boolean;
  const start = b.start_date !== undefined ? b.start_date : b.start_date_fixed;
  const end = b.end_date !== undefined ? b.end_date : b.due_date_fixed;
  if (start !== undefined) out.startDate = start as string | null;
  if (end !== undefined) out.endDate = end as string | null;
  if (b.parent_id !== undefined) out.parentId = b.parent_id as number | null;
  if (b.state_event !== undefined && b.state_event !== null) out.stateEvent = b.state_event as 'close' | 'reopen';
  return out;
}

/** POST groups/:id/epics: title required; description, confidential, start/end dates, parent_id. */
export function parseEpicCreate(body: unknown): EpicInput & { title: string } {
  return toInput(parseInput(create, body)) as EpicInput & { title: string };
}

/** PUT groups/:id/epics/:epic_iid: any of the create fields, state_event close/reopen, and lock_version (as the issue page's PUT). */
export function parseEpicUpdate(body: unknown): EpicInput {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const { lock_version, ...rest } = raw;
  const lockVersion = parseLockVersion(lock_version);
  const input = toInput(parseInput(update, body && typeof body === 'object' ? rest : body));
  return lockVersion === undefined ? input : { ...input, lockVersion };
}

const listQuery = z.object({
  search: z.string().max(255, VALIDATION.tooLong(255)).optional(),
  state: z.enum(['opened', 'closed', 'all'], { errorMap: () => ({ message: VALIDATION.notAllowed(['opened', 'closed', 'all']) }) }).optional(),
  include_ancestor_groups: boolParam().optional(),
  include_descendant_groups: boolParam().optional(),
}).passthrough();

/** GET groups/:id/epics: GitLab's defaults (descendants included, ancestors not). */
export function parseEpicList(query: unknown): { search?: string; state?: 'opened' | 'closed'; ancestors: boolean; descendants: boolean } {
  const q = parseInput(listQuery, query);
  return {
    search: q.search?.trim() || undefined,
    state: q.state === 'all' ? undefined : q.state,
    ancestors: q.include_ancestor_groups ?? false,
    descendants: q.include_descendant_groups ?? true,
  };
}

export const parseIid = (s: string): number | null => (/^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : null);
