import { DISCUSSION_LIMITS, IDEMPOTENCY_HEADER, type ApiDiscussion, type ApiNote, type CreateNoteResponse, type NotesFilter, type NotesPollResponse } from '@tandem/shared-types';
import { CSRF_HEADER } from '@tandem/shared-types';
import { requestJson, type JsonResponse } from '../../shared/api/http';
import { withCaptchaRetry } from '../../shared/captcha/captchaRequests';
import { csrfTokenAtom } from '../session/sessionAtoms';
import { appStore } from '../../shared/store';

/** One page of discussions.json and the cursor of the next (null on the last page). */
export async function fetchDiscussionsPage(
  discussionsPath: string,
  opts: { filter: NotesFilter; persist: boolean; cursor: string | null; signal?: AbortSignal },
): Promise<{ discussions: ApiDiscussion[]; next: string | null } | null> {
  const q = new URLSearchParams({ notes_filter: String(opts.filter), persist_filter: String(opts.persist), per_page: String(opts.cursor ? DISCUSSION_LIMITS.discussionsPerPage : DISCUSSION_LIMITS.discussionsFirstPage) });
  if (opts.cursor) q.set('cursor', opts.cursor);
  const res = await requestJson<ApiDiscussion[]>(`${discussionsPath}?${q}`, { signal: opts.signal });
  if (!res.ok || !Array.isArray(res.data)) return null;
  return { discussions: res.data, next: res.headers.get(DISCUSSION_LIMITS.nextPageCursorHeader) || null };
}

type DiscussionsPage = Awaited<ReturnType<typeof fetchDiscussionsPage>>;
const prefetched = new Map<string, Promise<DiscussionsPage>>();

/**
 * Starts reading the first page of an issue's discussions as soon as the page's script runs,
 * alongside React's first render, so the top of a long discussion paints with the page.
 */
export function prefetchFirstDiscussionsPage(discussionsPath: string, filter: NotesFilter): void {
  const key = `${discussionsPath}|${filter}`;
  if (!prefetched.has(key)) prefetched.set(key, fetchDiscussionsPage(discussionsPath, { filter, persist: false, cursor: null }).catch(() => null));
}

/** The prefetched first page for this path and filter, once (later loads read afresh). */
export function takePrefetchedDiscussionsPage(discussionsPath: string, filter: NotesFilter): Promise<DiscussionsPage> | undefined {
  const key = `${discussionsPath}|${filter}`;
  const p = prefetched.get(key);
  prefetched.delete(key);
  return p;
}

export interface CreateNoteInput {
  noteableId: number;
  note: string;
  /** A thread (DiscussionNote) rather than a comment. */
  thread?: boolean;
  /** Reply into this discussion. */
  replyTo?: string;
  /** An internal note: only readers of internal notes (reporter and up) see it. */
  internal?: boolean;
  idempotencyKey: string;
}

/**
 * POST a comment with its idempotency key (a retry with the same key returns the first note).
 * Rejects only on a network failure, like fetch.
 */
export async function createNote(createPath: string, input: CreateNoteInput): Promise<JsonResponse<CreateNoteResponse>> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: input.idempotencyKey };
  const csrf = appStore.get(csrfTokenAtom);
  if (csrf) headers[CSRF_HEADER] = csrf;
  const body = {
    // An epic's create path names it (epicNoteablePaths: target_type=epic)
    note: { noteable_type: createPath.includes('target_type=epic') ? 'Epic' : createPath.includes('target_type=merge_request') ? 'MergeRequest' : 'Issue', noteable_id: input.noteableId, note: input.note, ...(input.thread ? { type: 'DiscussionNote' } : {}), ...(input.internal ? { internal: true } : {}) },
    ...(input.replyTo ? { in_reply_to_discussion_id: input.replyTo } : {}),
  };
  // A comment the spam check flags is sent again, the same, with the solved captcha
  return withCaptchaRetry(async (answer) => {
    const res = await fetch(createPath, { method: 'POST', headers, credentials: 'same-origin', body: JSON.stringify(answer ? { ...body, ...answer } : body) });
    const data = (res.headers.get('content-type') ?? '').includes('json') ? await res.json().catch(() => null) : null;
    return { status: res.status, ok: res.ok, headers: res.headers, data: (data ?? {}) as CreateNoteResponse };
  });
}

export const updateNote = (notePath: string, note: string) => requestJson<ApiNote>(notePath, { method: 'PUT', body: { note: { note } } });

export const deleteNote = (notePath: string) => requestJson<unknown>(notePath, { method: 'DELETE' });

/** PUT resolves, DELETE unresolves every note of the thread; answers the thread. */
export const resolveDiscussion = (resolvePath: string, resolve: boolean) => requestJson<ApiDiscussion>(resolvePath, { method: resolve ? 'PUT' : 'DELETE' });

/** Notes changed since `lastFetchedAt` (µs), GitLab's polling shape. */
export async function pollNotes(notesPath: string, lastFetchedAt: number, signal?: AbortSignal): Promise<JsonResponse<NotesPollResponse>> {
  const res = await fetch(notesPath, { credentials: 'same-origin', headers: { accept: 'application/json', 'x-last-fetched-at': String(lastFetchedAt) }, signal });
  const data = res.ok ? await res.json().catch(() => null) : null;
  return { status: res.status, ok: res.ok && !!data, headers: res.headers, data: data as NotesPollResponse };
}

/** The stored note of a create answer: GitLab's page answers the note entity itself; `{note}` is accepted too. */
export function noteOfResponse(data: CreateNoteResponse | null): ApiNote | null {
  if (!data) return null;
  if (data.note && typeof data.note === 'object') return data.note;
  const flat = data as unknown as Partial<ApiNote>;
  return typeof flat.id === 'string' && typeof flat.note_html === 'string' && typeof flat.discussion_id === 'string' ? (flat as ApiNote) : null;
}

/** The first base error, or the commands-only messages, of a refused create (spec §8). */
export function createErrorText(data: CreateNoteResponse | null): { commandsOnly: string[] } | { base: string } | null {
  const errors = data?.errors;
  if (!errors) return null;
  if (Array.isArray(errors)) return errors.length ? { base: String(errors[0]) } : null;
  if (errors.commands_only?.length) return { commandsOnly: errors.commands_only };
  if (errors.base?.length) return { base: errors.base[0]! };
  return null;
}
