import { useEffect, useMemo, useRef, useState } from 'react';
import { AUTOSAVE_PREFIX, DISCUSSION_TEXTS, IDEMPOTENCY_HEADER, NOTE_FORM_TEXTS, REVIEW_TEXTS, SUGGESTION_TEXTS, mergeRequestNoteablePaths, type ApiDiffLine, type ApiDiffPosition, type ApiDiscussion } from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../../shared/api/http';
import { MarkdownEditor } from '../../../shared/markdown/MarkdownEditor';
import { mayResolve } from '../../notes/discussionRules';
import { clearNoteDraft, noteDraftKey, readNoteDraft, writeNoteDraft } from '../../notes/noteDrafts';
import { resolveDiscussion } from '../../notes/notesApi';
import { createDraft } from './reviewApi';
import { linesSuggestion, suggestionLines } from './suggestionInsert';
import { DiscardReplyDialog } from '../../notes/DiscardReplyDialog';
import type { useNoteForm } from '../../notes/useNoteForm';

/**
 * The form's autosave key. A reply in a thread: the thread's reply key on the merge request page
 * (`noteDraftKey` of the discussion area, so the Changes tab's and the Overview's replies to one
 * thread share their text); a new diff thread: `autosave/<project>/-/merge_requests/<iid>/line/<path>:<old>:<new>`
 * or `.../image/<path>` (a click elsewhere on the image moves the comment, its text stays).
 */
function reviewFormDraftKey(projectPath: string, iid: number, discussionId: string | null, position: ApiDiffPosition | null): string {
  if (discussionId) return mergeRequestReplyDraftKey(projectPath, iid, discussionId);
  const at = position?.position_type === 'image' ? `image/${position.new_path}` : `line/${position?.new_path ?? ''}:${position?.old_line ?? ''}:${position?.new_line ?? ''}`;
  return `${AUTOSAVE_PREFIX}${projectPath}/-/merge_requests/${iid}/${at}`;
}

/** A thread reply's key on a merge request page: the discussion area's (its stream path is `<project>/-/merge_requests`). */
const mergeRequestReplyDraftKey = (projectPath: string, iid: number, discussionId: string) => noteDraftKey(`${projectPath}/-/merge_requests`, iid, discussionId);

/**
 * A reply autosaved under the review form's earlier key (`.../merge_requests/<iid>/reply/<thread>`)
 * moves to the thread's reply key when a reply form opens, unless that key holds a text already:
 * nothing written before the forms shared one key is lost.
 */
export function adoptEarlierReplyDraft(projectPath: string, iid: number, discussionId: string): void {
  const from = `${AUTOSAVE_PREFIX}${projectPath}/-/merge_requests/${iid}/reply/${discussionId}`;
  const old = readNoteDraft(from);
  if (!old) return;
  const to = mergeRequestReplyDraftKey(projectPath, iid, discussionId);
  if (!readNoteDraft(to)?.text) writeNoteDraft(to, old);
  clearNoteDraft(from);
}

interface ReviewCommentFormProps {
  projectPath: string;
  iid: number;
  /** A new diff thread on this line. */
  position?: ApiDiffPosition;
  /** The diff lines commented on (a new thread: one line, or a range's lines in the diff's order; a reply in a diff thread: the thread's line): they may receive a suggestion. */
  lines?: readonly ApiDiffLine[];
  /** A reply in this thread. */
  discussion?: ApiDiscussion;
  /** The reply's text to start from (a quote: Reply to comment, the r shortcut). */
  initialText?: string;
  /** Drafts already pending: "Add to review" instead of "Start a review". */
  pendingCount: number;
  /** The diff line takes code suggestions (spec Noteable data can_receive_suggestion): Insert suggestion. */
  canReceiveSuggestion?: boolean;
  /**
   * A thread reply in the discussion area: its text, autosave and "Add comment now" are the issue
   * page reply's (useNoteForm: the outbox while offline, the quick actions' messages).
   */
  form?: ReturnType<typeof useNoteForm>;
  label: string;
  onDone: (kind: 'draft' | 'note') => void;
  onCancel: () => void;
}

/**
 * A diff line's comment form and a thread's reply form with batch review (discussions.md §2
 * "Note form"): "Start a review" (or "Add to review" once drafts are pending) keeps the comment
 * as a draft only its author sees; "Add comment now" posts it at once; Cancel. A reply in a
 * thread the viewer may resolve offers Resolve (or Unresolve) thread, for the draft and for the
 * comment now alike. A new-side line, or a range ending on one, offers Insert suggestion (all the range's lines); a reply in a
 * diff thread, the thread's line (GitLab's reply: its discussion's last line). It autocompletes from the merge
 * request's sources, its quick actions included (a draft's run when it is published).
 */
export function ReviewCommentForm({ projectPath, iid, position, lines, discussion, initialText = '', pendingCount, canReceiveSuggestion = false, form, label, onDone, onCancel }: ReviewCommentFormProps) {
  const draftKey = reviewFormDraftKey(projectPath, iid, discussion?.id ?? null, position ?? null);
  // The text written before (autosaved), then the quote, as the plain reply form starts
  const [ownText, setTextState] = useState(() => {
    if (form) return '';
    if (discussion) adoptEarlierReplyDraft(projectPath, iid, discussion.id);
    const saved = readNoteDraft(draftKey)?.text ?? '';
    return initialText ? `${saved ? `${saved}\n` : ''}${initialText}` : saved;
  });
  // Kept under autosave/ while written (discussions.md §9); a merge request's lock version is not the page's to read here
  const setOwnText = (value: string) => {
    setTextState(value);
    writeNoteDraft(draftKey, { text: value, lock_version: 0 });
  };
  const text = form ? form.text : ownText;
  const setText = form ? form.setText : setOwnText;
  // A reply form's quote goes after the text written before, as the plain reply form's
  useEffect(() => {
    if (form && initialText) form.setText(`${form.text ? `${form.text}\n` : ''}${initialText}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialText]);
  const [confirming, setConfirming] = useState(false);
  const [resolve, setResolve] = useState(false);
  const [busy, setBusy] = useState<'draft' | 'note' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const api = `${projectApiPath(projectPath)}/merge_requests/${iid}/discussions`;
  const ref = useRef<HTMLTextAreaElement | null>(null);
  // The merge request's autocomplete sources (only the iid names it there)
  const sources = useMemo(() => mergeRequestNoteablePaths(projectPath, iid, 0), [projectPath, iid]);
  // The form is only offered to a viewer who may comment
  const resolvable = discussion && mayResolve(discussion, true) ? discussion : null;
  // GitLab's canSuggest: the noteable takes suggestions and the lines are suggestible
  const suggestible = useMemo(() => (canReceiveSuggestion && lines ? suggestionLines(lines) : null), [canReceiveSuggestion, lines]);

  // One key per text sent: pressing again after a lost answer returns the comment already written
  // instead of writing it twice (the server's idempotency key, as the thread reply form's outbox sends)
  const sent = useRef<{ text: string; key: string } | null>(null);
  const now = async () => {
    if (form) return nowAsReply(form);
    setBusy('note');
    setError(null);
    if (sent.current?.text !== text) sent.current = { text, key: crypto.randomUUID() };
    const headers = { [IDEMPOTENCY_HEADER]: sent.current.key };
    const res = discussion
      ? await requestJson(`${api}/${discussion.id}/notes`, { method: 'POST', body: { body: text }, headers }).catch(() => null)
      : await requestJson(api, { method: 'POST', body: { body: text, position }, headers }).catch(() => null);
    if (res?.ok) sent.current = null;
    // As the thread's own reply form: the thread is resolved (or unresolved) once the reply is in
    const toggled = res?.ok && resolve && resolvable ? await resolveDiscussion(resolvable.resolve_path || sources.discussionResolve(resolvable.id), !resolvable.resolved).catch(() => ({ ok: false })) : null;
    setBusy(null);
    if (!res?.ok) return setError(errorText(res?.data, DISCUSSION_TEXTS.submitFailedNetwork));
    setText('');
    clearNoteDraft(draftKey);
    // The reply is in but the thread kept its state: the form stays to say so (its text is gone, so nothing posts twice)
    if (toggled && !toggled.ok) return setError(DISCUSSION_TEXTS.resolveFailed);
    onDone('note');
  };
  // The issue page reply's send: queued in the outbox when offline, its commands' messages in the discussion area
  const nowAsReply = async (f: NonNullable<typeof form>) => {
    const toggle = resolve && resolvable;
    setError(null);
    if (!(await f.submit())) return;
    if (toggle) {
      setBusy('note');
      const toggled = await resolveDiscussion(toggle.resolve_path || sources.discussionResolve(toggle.id), !toggle.resolved).catch(() => ({ ok: false }));
      setBusy(null);
      if (!toggled.ok) return setError(DISCUSSION_TEXTS.resolveFailed);
    }
    onDone('note');
  };
  const toReview = async () => {
    setBusy('draft');
    setError(null);
    const res = await createDraft(projectPath, iid, discussion ? { note: text, in_reply_to_discussion_id: discussion.id, resolve_discussion: resolve && !!resolvable && !resolvable.resolved } : { note: text, position: position ?? null }).catch(() => null);
    setBusy(null);
    if (!res?.ok) return setError(errorText(res?.data, REVIEW_TEXTS.saveFailed));
    setText('');
    if (!form) clearNoteDraft(draftKey);
    onDone('draft');
  };
  const insertSuggestion = () => {
    if (!suggestible) return;
    const box = ref.current;
    const at = box ? box.selectionStart : text.length;
    const block = linesSuggestion(suggestible);
    const before = text.slice(0, at);
    const next = `${before}${before && !before.endsWith('\n') ? '\n' : ''}${block}${text.slice(at)}`;
    setText(next);
    box?.focus();
  };
  const empty = !text.trim();
  const sending = busy !== null || !!form?.submitting;
  const cancel = () => {
    if (text.trim()) return setConfirming(true);
    if (!form) clearNoteDraft(draftKey);
    onCancel();
  };
  return (
    <div className="diff-comment-form" data-testid="diff-comment-form">
      {suggestible && (
        <div className="review-form-tools">
          <button type="button" className="btn btn-sm" onClick={insertSuggestion} data-testid="insert-suggestion">
            {SUGGESTION_TEXTS.insertSuggestion}
          </button>
        </div>
      )}
      <MarkdownEditor
        value={text}
        onChange={setText}
        onSubmit={() => void (empty || sending ? undefined : now())}
        onCancel={cancel}
        textareaRef={ref}
        previewProjectPath={projectPath}
        noteable={{ iid, id: 0 }}
        sources={sources}
        rows={3}
        label={label}
        autoFocus
        textareaTestId="diff-comment-text"
      />
      {resolvable && (
        <label className="review-resolve">
          <input type="checkbox" checked={resolve} onChange={(e) => setResolve(e.target.checked)} data-testid="review-resolve" />{' '}
          {resolvable.resolved ? NOTE_FORM_TEXTS.replyAndUnresolve : NOTE_FORM_TEXTS.replyAndResolve}
        </label>
      )}
      {error && <p role="alert">{error}</p>}
      <div className="review-form-actions">
        <button type="button" className="btn btn-confirm" disabled={sending || empty} aria-busy={busy === 'draft'} onClick={() => void toReview()} data-testid="review-add">
          {pendingCount > 0 ? REVIEW_TEXTS.addToReview : REVIEW_TEXTS.startReview}
        </button>
        <button type="button" className="btn" disabled={sending || empty} aria-busy={busy === 'note' || !!form?.submitting} onClick={() => void now()} data-testid="diff-comment-submit">
          {REVIEW_TEXTS.addCommentNow}
        </button>
        <button type="button" className="btn" onClick={cancel}>
          {REVIEW_TEXTS.cancel}
        </button>
      </div>
      {/* Cancelling with text asks first (discussions.md §5) */}
      <DiscardReplyDialog
        open={confirming}
        onDiscard={() => {
          setConfirming(false);
          setText('');
          onCancel();
        }}
        onOpenChange={setConfirming}
      />
    </div>
  );
}
