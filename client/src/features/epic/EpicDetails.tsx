import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { EPIC_TEXTS, type ApiEpic, type ApiIssue } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { formatDate } from '../../shared/time/formatTime';
import { IssueStatusBadge } from '../issue/IssueStatusBadge';
import { epicIssuesVersionAtomFamily } from './epicAtoms';
import { EpicEditForm } from './EpicEditForm';
import { EpicIssuesEditor } from './EpicIssuesEditor';
import { ChildEpicsTree } from './ChildEpicsTree';
import './epic.css';

/** Who may edit the epic's title and description, and where its form saves (null: read-only). */
export interface EpicEditing {
  epicKey: string;
  groupPath: string;
}

/** An epic: state, title, dates, the server-rendered (sanitised) description and its issues and child epics; an edit form for those who may. */
export function EpicDetails({ epic, issues, editing = null, epicKey = null }: { epic: ApiEpic; issues: Array<ApiIssue & { epic_issue_id?: number }>; editing?: EpicEditing | null; epicKey?: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <article className="epic-page" data-testid="epic-page">
      <div className="issue-header">
        <div className="issue-header__status">
          <IssueStatusBadge state={epic.state} />
          {epic.confidential && <span className="badge badge--warning">Confidential</span>}
          <span className="issue-header__meta">
            Epic {epic.references.full}
            {epic.author && <> by {epic.author.name}</>}
          </span>
        </div>
      </div>
      {editing && !open && (
        <button type="button" className="btn btn--sm epic-page__edit" onClick={() => setOpen(true)} data-testid="epic-edit">
          <Pencil size={14} aria-hidden="true" /> {EPIC_TEXTS.editEpic}
        </button>
      )}
      {editing && open ? (
        <EpicEditForm epic={epic} epicKey={editing.epicKey} groupPath={editing.groupPath} onClose={() => setOpen(false)} />
      ) : (
        <h1 className="issue-title" data-testid="epic-title">
          {epic.title}
        </h1>
      )}
      <dl className="epic-page__dates">
        <dt>Start date</dt>
        <dd>{epic.start_date ? formatDate(epic.start_date) : 'None'}</dd>
        <dt>Due date</dt>
        <dd>{epic.end_date ? formatDate(epic.end_date) : 'None'}</dd>
      </dl>
      {/* description_html is rendered and sanitised by the server's markdown service */}
      {!open && <div className="md" data-testid="epic-description" dangerouslySetInnerHTML={{ __html: epic.description_html }} />}
      <h2 className="epic-page__issues-title">Issues {issues.length}</h2>
      <EpicIssuesEditor onChanged={() => editing && appStore.set(epicIssuesVersionAtomFamily(editing.epicKey), (v) => v + 1)} groupPath={editing?.groupPath ?? ''} epicIid={epic.iid} issues={issues} editable={editing !== null} />
      {epicKey && <ChildEpicsTree epic={epic} epicKey={epicKey} editable={editing !== null} />}
    </article>
  );
}
