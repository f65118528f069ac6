import { useMemo, useRef, useState } from 'react';
import { DISCUSSION_TEXTS, REVIEW_TEXTS, mergeRequestNoteablePaths, type ApiDiffPosition } from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../../shared/api/http';
import { AutocompleteMenu } from '../../../shared/markdown/AutocompleteMenu';
import { useMarkdownAutocomplete } from '../../../shared/markdown/useMarkdownAutocomplete';
import { createDraft } from './reviewApi';

interface ReviewCommentFormProps {
  projectPath: string;
  iid: number;
  /** A new diff thread on this line. */
  position?: ApiDiffPosition;
  /** A reply in this thread. */
  discussionId?: string;
  /** Drafts already pending: "Add to review" instead of "Start a review". */
  pendingCount: number;
  label: string;
  onDone: (kind: 'draft' | 'note') => void;
  onCancel: () => void;
}

/**
 * A diff line's comment form and a diff thread's reply form with batch review (discussions.md §2
 * "Note form"): "Start a review" (or "Add to review" once drafts are pending) keeps the comment
 * as a draft only its author sees; "Add comment now" posts it at once; Cancel. It autocompletes
 * from the merge request's sources, its quick actions included (a draft's run when it is published).
 */
export function ReviewCommentForm({ projectPath, iid, position, discussionId, pendingCount, label, onDone, onCancel }: ReviewCommentFormProps) {
  const [text, setText] = useState('');
  const [resolve, setResolve] = useState(false);
  const [busy, setBusy] = useState<'draft' | 'note' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const api = `${projectApiPath(projectPath)}/merge_requests/${iid}/discussions`;
  const ref = useRef<HTMLTextAreaElement | null>(null);
  // The merge request's autocomplete sources (only the iid names it there)
  const sources = useMemo(() => mergeRequestNoteablePaths(projectPath, iid, 0), [projectPath, iid]);
  const autocomplete = useMarkdownAutocomplete(ref, { projectPath, iid, id: 0, onChange: setText, sources });

  const now = async () => {
    setBusy('note');
    setError(null);
    const res = discussionId
      ? await requestJson(`${api}/${discussionId}/notes`, { method: 'POST', body: { body: text } }).catch(() => null)
      : await requestJson(api, { method: 'POST', body: { body: text, position } }).catch(() => null);
    setBusy(null);
    if (!res?.ok) return setError(errorText(res?.data, DISCUSSION_TEXTS.submitFailedNetwork));
    setText('');
    onDone('note');
  };
  const toReview = async () => {
    setBusy('draft');
    setError(null);
    const res = await createDraft(projectPath, iid, discussionId ? { note: text, in_reply_to_discussion_id: discussionId, resolve_discussion: resolve } : { note: text, position: position ?? null }).catch(() => null);
    setBusy(null);
    if (!res?.ok) return setError(errorText(res?.data, REVIEW_TEXTS.saveFailed));
    setText('');
    onDone('draft');
  };
  const empty = !text.trim();
  return (
    <div className="diff-comment-form" data-testid="diff-comment-form">
      <div className="md-editor-field">
        <textarea ref={ref} aria-label={label} value={text} onChange={(e) => setText(e.target.value)} rows={3} autoFocus data-testid="diff-comment-text" {...autocomplete.textareaProps} />
        <AutocompleteMenu autocomplete={autocomplete} />
      </div>
      {discussionId && (
        <label className="review-resolve">
          <input type="checkbox" checked={resolve} onChange={(e) => setResolve(e.target.checked)} data-testid="review-resolve" /> {REVIEW_TEXTS.resolveThread}
        </label>
      )}
      {error && <p role="alert">{error}</p>}
      <div className="review-form-actions">
        <button type="button" className="btn btn-confirm" disabled={busy !== null || empty} aria-busy={busy === 'draft'} onClick={() => void toReview()} data-testid="review-add">
          {pendingCount > 0 ? REVIEW_TEXTS.addToReview : REVIEW_TEXTS.startReview}
        </button>
        <button type="button" className="btn" disabled={busy !== null || empty} aria-busy={busy === 'note'} onClick={() => void now()} data-testid="diff-comment-submit">
          {REVIEW_TEXTS.addCommentNow}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {REVIEW_TEXTS.cancel}
        </button>
      </div>
    </div>
  );
}
