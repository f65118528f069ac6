import { useState } from 'react';
import { REVIEW_TEXTS } from '@tandem/shared-types';
import { errorText } from '../../../shared/api/http';
import { submitReview } from './reviewApi';

/**
 * The pending review bar (discussions.md §2 "Submit review button with a draft count badge"):
 * shown while the viewer has drafts; Submit review publishes them all at once, with the optional
 * summary comment.
 */
export function ReviewBar({ projectPath, iid, count, onSubmitted }: { projectPath: string; iid: number; count: number; onSubmitted: () => void }) {
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (count === 0) return null;
  const submit = async () => {
    setBusy(true);
    setError(null);
    const res = await submitReview(projectPath, iid, summary).catch(() => null);
    setBusy(false);
    if (!res?.ok) return setError(errorText(res?.data, REVIEW_TEXTS.publishFailed));
    setSummary('');
    onSubmitted();
  };
  return (
    <section className="review-bar" aria-label={REVIEW_TEXTS.submitReview} data-testid="review-bar">
      <span data-testid="review-bar-count">{REVIEW_TEXTS.pendingComments(count)}</span>
      <label className="review-summary">
        <span>{REVIEW_TEXTS.summaryLabel}</span>
        <textarea value={summary} onChange={(e) => setSummary(e.target.value)} rows={2} data-testid="review-summary" />
      </label>
      {error && <p role="alert">{error}</p>}
      <button type="button" className="btn btn-confirm" disabled={busy} aria-busy={busy} onClick={() => void submit()} data-testid="review-submit">
        {REVIEW_TEXTS.submitReview} <span className="badge" data-testid="review-submit-count">{count}</span>
      </button>
    </section>
  );
}
