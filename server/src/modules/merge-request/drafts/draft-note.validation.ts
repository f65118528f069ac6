import { VALIDATION } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { validateNoteBody } from '../../note/note-body';
import { parsePagePosition } from '../../note/note.validation';

/** POST .../draft_notes as GitLab takes it (JSON or form fields). */
export interface DraftCreateInput {
  note: string;
  /** Raw position, checked against the diff by the merge request's note target. */
  position: unknown;
  inReplyToDiscussionId: string | null;
  resolveDiscussion: boolean;
  commitId: string | null;
}

export interface DraftUpdateInput {
  note: string | null;
  position: unknown;
  resolveDiscussion: boolean | null;
}

const obj = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/** true/false, "true"/"false" (form fields), or absent (null). */
export function parseBool(v: unknown, field: string): boolean | null {
  if (v === undefined || v === null || v === '') return null;
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw new ValidationError({ [field]: [VALIDATION.notBoolean] });
}

function discussionIdParam(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || !/^[0-9a-f]{40}$/.test(v)) throw new ValidationError({ in_reply_to_discussion_id: [VALIDATION.invalid] });
  return v;
}

function commitIdParam(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || !/^[0-9a-f]{40}$/.test(v)) throw new ValidationError({ commit_id: [VALIDATION.invalid] });
  return v;
}

export function parseDraftCreate(body: unknown): DraftCreateInput {
  const b = obj(body);
  return {
    note: validateNoteBody(b.note),
    position: b.position ?? null,
    inReplyToDiscussionId: discussionIdParam(b.in_reply_to_discussion_id),
    resolveDiscussion: parseBool(b.resolve_discussion, 'resolve_discussion') ?? false,
    commitId: commitIdParam(b.commit_id),
  };
}

export function parseDraftUpdate(body: unknown): DraftUpdateInput {
  const b = obj(body);
  return {
    note: b.note === undefined ? null : validateNoteBody(b.note),
    position: b.position ?? null,
    resolveDiscussion: parseBool(b.resolve_discussion, 'resolve_discussion'),
  };
}

/** A draft id in the path: a positive 32-bit integer (404 otherwise, as an unknown one). */
export function parseDraftId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/** bulk_publish's optional review summary (a comment published with the drafts). */
export function parseSummary(body: unknown): string | null {
  const note = obj(body).note;
  if (note === undefined || note === null || (typeof note === 'string' && note.trim() === '')) return null;
  return validateNoteBody(note);
}

/**
 * The page's create-note endpoint with GitLab's `draft_note` form (DraftsController#create's
 * params): draft_note {note, position (an object or its JSON text), resolve_discussion,
 * commit_id}, in_reply_to_discussion_id beside it; then as the REST API's (parseDraftCreate).
 */
export function parsePageDraft(body: unknown): DraftCreateInput {
  const b = obj(body);
  const raw = b.draft_note;
  if (typeof raw !== 'string' && (!raw || typeof raw !== 'object' || Array.isArray(raw))) throw new ValidationError({ draft_note: [VALIDATION.invalid] });
  const d = typeof raw === 'string' ? { note: raw } : obj(raw);
  return parseDraftCreate({
    ...d,
    position: parsePagePosition(d.position),
    in_reply_to_discussion_id: b.in_reply_to_discussion_id ?? d.in_reply_to_discussion_id,
    // GitLab's older web form sends 'undefined' for no commit
    commit_id: d.commit_id === 'undefined' ? null : d.commit_id,
  });
}
