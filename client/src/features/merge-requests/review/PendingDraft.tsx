import { useState } from 'react';
import { DISCUSSION_TEXTS, REVIEW_TEXTS, type ApiDraftNote } from '@tandem/shared-types';
import { errorText } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { REVIEW_SUMMARY_ID, deleteDraft, publishDraft, updateDraft } from './reviewApi';

/**
 * A pending draft (discussions.md §2 "Pending draft comment card"): the Pending badge, its text, a
 * publish button and "Add comment now", then Delete. As GitLab's draft card, the publish button
 * (Submit review) leads to the review's submit form, where the whole review goes out with its
 * summary; "Add comment now" publishes this draft alone, the rest staying pending. A reply's
 * "Resolve thread" is the draft's own (discussions.md: a draft's resolve is toggled on the draft,
 * not on the thread): saved to the draft, it resolves the thread when the draft is published.
 */
export function PendingDraft({ draft, projectPath, iid, onChange }: { draft: ApiDraftNote; projectPath: string; iid: number; onChange: () => void }) {
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<{ ok: boolean; data: unknown }>, fallback: string) => {
    setBusy(true);
    setError(null);
    const res = await call().catch(() => null);
    setBusy(false);
    if (!res?.ok) return setError(errorText(res?.data, fallback));
    onChange();
  };
  return (
    <div className="pending-draft" data-testid="pending-draft" data-draft-id={draft.id}>
      <div className="pending-draft-head">
        <span className="badge badge-warning" data-testid="pending-badge">{REVIEW_TEXTS.pending}</span>
        <strong>{draft.author?.name ?? ''}</strong>
        {draft.discussion_id ? (
          <label className="pending-draft-resolves">
            <input
              type="checkbox"
              checked={draft.resolve_discussion}
              disabled={busy}
              onChange={(e) => void run(() => updateDraft(projectPath, iid, draft.id, { resolve_discussion: e.target.checked }), REVIEW_TEXTS.saveFailed)}
              data-testid="pending-draft-resolve"
            />{' '}
            {REVIEW_TEXTS.resolveThread}
          </label>
        ) : (
          draft.resolve_discussion && <span className="pending-draft-resolves">{REVIEW_TEXTS.resolveThread}</span>
        )}
      </div>
      {/* note_html is rendered and sanitised on the server */}
      <div className="md" dangerouslySetInnerHTML={{ __html: draft.note_html }} />
      {/* What its quick actions will do at publish (GitLab's references.commands; rendered and sanitised on the server) */}
      {draft.references?.commands && <div className="referenced-commands draft-note-commands" data-testid="draft-commands" dangerouslySetInnerHTML={{ __html: draft.references.commands }} />}
      {error && <p role="alert">{error}</p>}
      <div className="review-form-actions">
        <button type="button" className="btn btn-sm btn-confirm" disabled={busy} onClick={openReviewForm} data-testid="pending-draft-publish">
          {REVIEW_TEXTS.submitReview}
        </button>
        <button type="button" className="btn btn-sm" disabled={busy} aria-busy={busy} onClick={() => void run(() => publishDraft(projectPath, iid, draft.id), REVIEW_TEXTS.publishFailed)} data-testid="pending-draft-now">
          {REVIEW_TEXTS.addCommentNow}
        </button>
        <button type="button" className="btn btn-sm btn-danger-text" disabled={busy} onClick={() => setConfirm(true)} data-testid="pending-draft-delete">
          {REVIEW_TEXTS.deleteDraft}
        </button>
      </div>
      <ConfirmDialog
        open={confirm}
        title={REVIEW_TEXTS.deleteDraft}
        message={DISCUSSION_TEXTS.confirmDelete('pending comment')}
        confirmLabel={REVIEW_TEXTS.deleteDraft}
        danger
        onConfirm={() => {
          setConfirm(false);
          void run(() => deleteDraft(projectPath, iid, draft.id), DISCUSSION_TEXTS.deleteNoteFailed);
        }}
        onOpenChange={setConfirm}
      />
    </div>
  );
}

/** GitLab's publish button on a draft (should-publish false) opens the review's submit form: here the review bar's summary. */
function openReviewForm() {
  const summary = document.getElementById(REVIEW_SUMMARY_ID);
  summary?.scrollIntoView({ block: 'center' });
  summary?.focus();
}
