import { useState } from 'react';
import { DISCUSSION_TEXTS, REVIEW_TEXTS } from '@tandem/shared-types';
import { errorText } from '../../../shared/api/http';
import { applyingCommandsText } from '../../notes/quickActions';
import { REVIEW_SUMMARY_ID, submitReview } from './reviewApi';

/**
 * The pending review bar (discussions.md §2 "Submit review button with a draft count badge"):
 * shown while the viewer has drafts; Submit review publishes them all at once, with the optional
 * summary comment. Drafts' quick actions run then: while they apply the bar says so as a comment
 * form does ('Applying command to approve a merge request'), and 'Commands applied' after.
 */
export function ReviewBar({ projectPath, iid, count, notes = [], onSubmitted }: { projectPath: string; iid: number; count: number; notes?: readonly string[]; onSubmitted: () => void }) {
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const commands = applyingCommandsText([...notes, summary].join('\n'), 'MergeRequest');
  if (count === 0) return notice ? <p role="status" className="review-bar__notice" data-testid="review-commands-applied">{notice}</p> : null;
  const submit = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    const res = await submitReview(projectPath, iid, summary).catch(() => null);
    setBusy(false);
    if (!res?.ok) return setError(errorText(res?.data, REVIEW_TEXTS.publishFailed));
    setSummary('');
    if (commands) setNotice(DISCUSSION_TEXTS.commandsApplied);
    onSubmitted();
  };
  return (
    <section className="review-bar" aria-label={REVIEW_TEXTS.submitReview} data-testid="review-bar">
      <span data-testid="review-bar-count">{REVIEW_TEXTS.pendingComments(count)}</span>
      <label className="review-summary">
        <span>{REVIEW_TEXTS.summaryLabel}</span>
        <textarea id={REVIEW_SUMMARY_ID} value={summary} onChange={(e) => setSummary(e.target.value)} rows={2} data-testid="review-summary" />
      </label>
      {error && <p role="alert">{error}</p>}
      {busy && commands && (
        <p role="status" data-testid="review-applying">
          {commands}
        </p>
      )}
      {notice && (
        <p role="status" data-testid="review-commands-applied">
          {notice}
        </p>
      )}
      <button type="button" className="btn btn-confirm" disabled={busy} aria-busy={busy} onClick={() => void submit()} data-testid="review-submit">
        {REVIEW_TEXTS.submitReview} <span className="badge" data-testid="review-submit-count">{count}</span>
      </button>
    </section>
  );
}
