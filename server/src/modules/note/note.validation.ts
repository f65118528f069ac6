import { z } from 'zod';
import { DISCUSSION_LIMITS, NOTES_FILTER, type NotesFilter } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';
import { parseInput } from '../../core/http/zod-input';
import { isCursor } from './discussion.finder';

const bool = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());
const discussionId = z.string().regex(/^[0-9a-f]{40}$/);

/** The page's create-note body (GitLab's NotesController#create params). */
const pageCreateSchema = z.object({
  note: z.object({
    note: z.unknown(),
    type: z.enum(['DiscussionNote', 'DiffNote']).nullish().or(z.literal('')),
    /** A diff note's place (GitLab's web form sends it as JSON text; checked by the noteable). */
    position: z.unknown().optional(),
    line_code: z.string().nullish(),
    commit_id: z.string().nullish(),
    internal: bool.optional(),
    confidential: bool.optional(),
    noteable_type: z.string().optional(),
    noteable_id: z.unknown().optional(),
  }),
  in_reply_to_discussion_id: discussionId.nullish().or(z.literal('')),
  return_discussion: bool.optional(),
  merge_request_diff_head_sha: z.string().optional(),
  target_type: z.string().optional(),
  target_id: z.unknown().optional(),
});

export function parsePageCreate(raw: unknown) {
  const b = parseInput(pageCreateSchema, raw);
  return {
    body: b.note.note,
    // A diff note is a thread's note on a line: the position decides (CreateNoteAction), the type follows
    type: b.note.type === 'DiscussionNote' || b.note.type === 'DiffNote' ? ('DiscussionNote' as const) : null,
    position: parsePagePosition(b.note.position),
    internal: b.note.internal ?? b.note.confidential ?? false,
    discussionId: b.in_reply_to_discussion_id || null,
    returnDiscussion: b.return_discussion ?? false,
  };
}

/** A position as GitLab's page form sends it: an object, or its JSON as text (empty: none). */
export function parsePagePosition(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ValidationError({ position: ['is not valid JSON'] });
  }
}

/** PUT {note path}: {note: {note}} (or a flat note string). */
export function parsePageUpdate(raw: unknown): unknown {
  const b = (raw ?? {}) as { note?: unknown };
  if (b.note && typeof b.note === 'object') return (b.note as { note?: unknown }).note;
  return b.note;
}

/** REST: body plus internal (older `confidential`). */
const restCreateSchema = z.object({ body: z.unknown(), internal: bool.optional(), confidential: bool.optional() });
export function parseRestCreate(raw: unknown) {
  const b = parseInput(restCreateSchema, raw);
  return { body: b.body, internal: b.internal ?? b.confidential ?? false };
}

/** discussions.json query: notes_filter, persist_filter, per_page, cursor. */
const discussionsQuerySchema = z.object({
  notes_filter: z.enum(['0', '1', '2']).optional(),
  persist_filter: bool.optional(),
  per_page: z.preprocess((v) => (typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v), z.number().int().min(1).max(DISCUSSION_LIMITS.discussionsPerPage)).optional(),
  cursor: z.string().refine(isCursor, 'is invalid').optional(),
});

export function parseDiscussionsQuery(raw: unknown): { filter: NotesFilter | null; persist: boolean; perPage?: number; cursor: string | null } {
  const q = parseInput(discussionsQuerySchema, raw);
  return {
    filter: q.notes_filter === undefined ? null : (Number(q.notes_filter) as NotesFilter),
    persist: q.persist_filter ?? true,
    perPage: q.per_page,
    cursor: q.cursor ?? null,
  };
}

/** A note id from a route: a positive int4, or a 404 of the right kind. */
export function parseNoteId(raw: string): number | null {
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** GitLab's `resolved=true|false` query/body flag. */
export function parseResolved(raw: unknown): boolean {
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  throw new ValidationError({ resolved: ['is missing'] });
}

export const ALL_FILTERS = NOTES_FILTER;
