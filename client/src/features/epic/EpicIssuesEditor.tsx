import { useState } from 'react';
import { X } from 'lucide-react';
import { EPIC_TEXTS, type ApiIssue } from '@tandem/shared-types';
import { IssueStatusBadge } from '../issue/IssueStatusBadge';
import { addIssueToEpic, parseEpicIssueRef, removeIssueFromEpic } from './epicQueries';

/**
 * The epic's issues with, for those who may edit the epic, a remove button on each and a form
 * that adds one by reference or URL (the epic issues REST endpoints; the server checks the
 * issue's own rights too). `onChanged` refetches the list after each change (the page's issues,
 * or a level of the child epics tree), and other pages follow through the epic's event.
 */
export function EpicIssuesEditor({ groupPath, epicIid, issues, editable, onChanged }: { groupPath: string; epicIid: number; issues: Array<ApiIssue & { epic_issue_id?: number }>; editable: boolean; onChanged: () => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(op: () => Promise<string | null>, after?: () => void) {
    setBusy(true);
    setError(null);
    const failed = await op().catch(() => EPIC_TEXTS.assignFailed);
    setBusy(false);
    if (failed) setError(failed);
    else {
      after?.();
      onChanged();
    }
  }

  const ref = parseEpicIssueRef(text);
  return (
    <>
      {issues.length ? (
        <ul className="epic-page__issues" data-testid="epic-issues">
          {issues.map((i) => (
            <li key={i.id}>
              <IssueStatusBadge state={i.state} /> <a href={i.web_url}>{i.title}</a> <span className="muted">{i.references.full}</span>
              {editable && i.epic_issue_id !== undefined && (
                <button type="button" className="btn btn--icon btn--tertiary" aria-label={`Remove ${i.references.full} from the epic`} disabled={busy} onClick={() => void run(() => removeIssueFromEpic(groupPath, epicIid, i.epic_issue_id!))}>
                  <X size={14} aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No issues in this epic.</p>
      )}
      {editable && (
        <form
          className="epic-page__add-issue"
          onSubmit={(e) => {
            e.preventDefault();
            if (ref) void run(() => addIssueToEpic(groupPath, epicIid, ref), () => setText(''));
          }}
        >
          <input className="input input--small" aria-label="Issue to add" placeholder="group/project#12 or the issue's URL" value={text} onChange={(e) => setText(e.target.value)} disabled={busy} />
          <button type="submit" className="btn btn--sm" disabled={!ref || busy}>
            Add
          </button>
        </form>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
