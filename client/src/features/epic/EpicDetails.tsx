import { formatDate } from '../../shared/time/formatTime';
import { IssueStatusBadge } from '../issue/IssueStatusBadge';
import type { ApiEpic, ApiIssue } from '@tandem/shared-types';
import './epic.css';

/** An epic: state, title, dates, the server-rendered (sanitised) description and its issues. */
export function EpicDetails({ epic, issues }: { epic: ApiEpic; issues: ApiIssue[] }) {
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
      <h1 className="issue-title" data-testid="epic-title">
        {epic.title}
      </h1>
      <dl className="epic-page__dates">
        <dt>Start date</dt>
        <dd>{epic.start_date ? formatDate(epic.start_date) : 'None'}</dd>
        <dt>Due date</dt>
        <dd>{epic.end_date ? formatDate(epic.end_date) : 'None'}</dd>
      </dl>
      {/* description_html is rendered and sanitised by the server's markdown service */}
      <div className="md" data-testid="epic-description" dangerouslySetInnerHTML={{ __html: epic.description_html }} />
      <h2 className="epic-page__issues-title">Issues {issues.length}</h2>
      {issues.length ? (
        <ul className="epic-page__issues" data-testid="epic-issues">
          {issues.map((i) => (
            <li key={i.id}>
              <IssueStatusBadge state={i.state} /> <a href={i.web_url}>{i.title}</a> <span className="muted">{i.references.full}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No issues in this epic.</p>
      )}
    </article>
  );
}
