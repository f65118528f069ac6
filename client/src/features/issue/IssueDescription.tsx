import { useAtomValue } from 'jotai';
import { TEXTS } from '@tandem/shared-types';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { issueAtomFamily } from './issueAtoms';

/** The server-rendered description, its task status and the "Edited … by …" line. */
export function IssueDescription({ issueKey }: { issueKey: string }) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const { count, completed_count } = issue.task_completion_status;
  return (
    <div className="issue-description">
      {count > 0 && (
        <p className="task-status" data-testid="task-status">
          <span>{TEXTS.taskStatus(completed_count, count)}</span> checklist items completed
        </p>
      )}
      {issue.description_html.trim() ? (
        // description_html is rendered and sanitised on the server (markdown.service)
        <div className="md" data-testid="issue-description" dangerouslySetInnerHTML={{ __html: issue.description_html }} />
      ) : (
        <p className="muted" data-testid="issue-description">
          No description.
        </p>
      )}
      {issue.last_edited_at && (
        <p className="edited-note" data-testid="edited-note">
          Edited <RelativeTime iso={issue.last_edited_at} />
          {issue.last_edited_by && (
            <>
              {' '}by{' '}
              {issue.last_edited_by.web_url ? <a href={issue.last_edited_by.web_url}>{issue.last_edited_by.name}</a> : issue.last_edited_by.name}
            </>
          )}
        </p>
      )}
    </div>
  );
}
