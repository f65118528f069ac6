import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Calendar } from 'lucide-react';
import { dueDateLabel, isPastDue, localYmd, TAXONOMY_TEXTS } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { useIssueFieldUpdate } from '../useIssueFieldUpdate';

interface DueDateWidgetProps {
  issueKey: string;
  endpoint: string;
  projectPath: string;
  editable: boolean;
}

/** Due date: Today / Tomorrow / Yesterday / a weekday / 'd mmm, yyyy', red when past due on an open issue; a date picker (yyyy-mm-dd), cleared with Remove. */
export function DueDateWidget({ issueKey, endpoint, projectPath, editable }: DueDateWidgetProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const due = issue.due_date ?? null;
  const [editing, setEditing] = useState(false);
  const { save, saving, error } = useIssueFieldUpdate(issueKey, endpoint, projectPath, TAXONOMY_TEXTS.dueDateFailed('issue'));
  const today = localYmd(new Date());

  const set = async (value: string | null) => {
    if (value === due || (await save({ due_date: value ?? '' }))) setEditing(false);
  };

  return (
    <SidebarBlock
      title={TAXONOMY_TEXTS.dueDateTitle}
      icon={<Calendar size={16} />}
      testId="sidebar-due-date"
      collapsed={{ text: due ? dueDateLabel(due, today) : TAXONOMY_TEXTS.none }}
      edit={editable ? { open: editing, onToggle: () => setEditing((v) => !v) } : undefined}
    >
      {editing ? (
        <div className="sidebar-field">
          <input
            className="input input--small"
            type="date"
            aria-label={TAXONOMY_TEXTS.dueDateTitle}
            defaultValue={due ?? ''}
            disabled={saving}
            onChange={(e) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) void set(e.target.value);
            }}
          />
          {due && (
            <button type="button" className="link-button" disabled={saving} onClick={() => void set(null)}>
              Remove due date
            </button>
          )}
        </div>
      ) : due ? (
        <span data-testid="due-date-value" className={isPastDue(due, today, issue.state) ? 'text-danger' : undefined} title={due}>
          {dueDateLabel(due, today)}
          {isPastDue(due, today, issue.state) && ' (Past due)'}
        </span>
      ) : (
        <span className="muted">{TAXONOMY_TEXTS.none}</span>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </SidebarBlock>
  );
}
