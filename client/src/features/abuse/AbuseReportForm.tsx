import { useId, useState } from 'react';
import { ABUSE_CATEGORIES, ABUSE_REPORT_MESSAGE_MAX, ABUSE_TEXTS as T, type AbuseCategory } from '@tandem/shared-types';
import { errorText } from '../../shared/api/http';
import { Alert } from '../../shared/ui/Alert';
import { sendAbuseReport } from './abuseApi';

/**
 * Report an issue's or a merge request's author (or, with `noteId`, a comment's on either) to
 * the administrators: a category and details (spec §2 header, discussions §6: Report abuse).
 */
export function AbuseReportForm({ projectPath, iid, noteId, mergeRequest = false }: { projectPath: string; iid: number; noteId?: number; mergeRequest?: boolean }) {
  const [category, setCategory] = useState<AbuseCategory | ''>('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const messageId = useId();
  const backPath = `/${projectPath}/-/${mergeRequest ? 'merge_requests' : 'issues'}/${iid}${noteId ? `#note_${noteId}` : ''}`;

  if (sent)
    return (
      <Alert variant="success" testId="abuse-report-sent">
        {T.sent} <a href={backPath}>{mergeRequest ? T.backToMergeRequest : T.backToIssue}</a>
      </Alert>
    );

  return (
    <form
      className="abuse-form"
      aria-label={T.formTitle}
      onSubmit={(e) => {
        e.preventDefault();
        if (!category || !message.trim()) return;
        setBusy(true);
        setError(null);
        sendAbuseReport({ project_path: projectPath, iid, ...(mergeRequest ? { noteable_type: 'MergeRequest' as const } : {}), ...(noteId ? { note_id: noteId } : {}), category, message })
          .then((res) => (res.ok ? setSent(true) : setError(errorText(res.data, T.failed))))
          .catch(() => setError(T.failed))
          .finally(() => setBusy(false));
      }}
    >
      <fieldset className="field">
        <legend className="field__label">{T.categoryLabel}</legend>
        {(Object.entries(ABUSE_CATEGORIES) as Array<[AbuseCategory, string]>).map(([value, label]) => (
          <label key={value} className="radio-row">
            <input type="radio" name="category" value={value} checked={category === value} onChange={() => setCategory(value)} /> {label}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={messageId}>
          {T.messageLabel}
        </label>
        <textarea id={messageId} className="input textarea" rows={5} maxLength={ABUSE_REPORT_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      {error && <Alert variant="danger">{error}</Alert>}
      <div className="issue-form__actions">
        <button type="submit" className="btn btn--confirm" disabled={busy || !category || !message.trim()}>
          {T.send}
        </button>
        <a className="btn" href={backPath}>
          Cancel
        </a>
      </div>
    </form>
  );
}
