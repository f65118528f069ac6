import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { TEXTS } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { issueAtomFamily } from './issueAtoms';
import { useTaskListToggle } from './useTaskListToggle';

/**
 * The server-rendered description, its task status and the "Edited … by …" line. Task-list
 * checkboxes arrive disabled; they are enabled here for users who may update the issue, and
 * a toggle is saved (`update_task`) and reaches every watcher as the new description.
 */
export function IssueDescription({ issueKey, endpoint, canUpdate }: { issueKey: string; endpoint: string; canUpdate: boolean }) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const body = useRef<HTMLDivElement>(null);
  const tasks = useTaskListToggle(issueKey, endpoint);
  const { count, completed_count } = issue.task_completion_status;

  useLayoutEffect(() => {
    body.current?.querySelectorAll<HTMLInputElement>('input.task-list-item-checkbox').forEach((box) => {
      box.disabled = !canUpdate || tasks.busy;
    });
  }, [issue.description_html, canUpdate, tasks.busy]);

  // A native listener: the boxes are server HTML, not React inputs, so React's onChange never sees them
  const { toggle } = tasks;
  useEffect(() => {
    const el = body.current;
    if (!el) return;
    const onChange = (e: Event) => {
      const box = e.target;
      if (box instanceof HTMLInputElement && box.classList.contains('task-list-item-checkbox')) void toggle(box);
    };
    el.addEventListener('change', onChange);
    return () => el.removeEventListener('change', onChange);
  }, [toggle, issue.description_html]);

  return (
    <div className="issue-description">
      {count > 0 && (
        <p className="task-status" data-testid="task-status">
          <span>{TEXTS.taskStatus(completed_count, count)}</span> checklist items completed
        </p>
      )}
      {tasks.error && (
        <Alert variant="danger" onDismiss={tasks.dismissError} testId="task-list-error">
          {tasks.error}
        </Alert>
      )}
      {issue.description_html.trim() ? (
        // description_html is rendered and sanitised on the server (markdown.service)
        <div
          ref={body}
          className="md"
          data-testid="issue-description"
          dangerouslySetInnerHTML={{ __html: issue.description_html }}
        />
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
