import { useState } from 'react';
import { EPIC_TEXTS } from '@tandem/shared-types';
import { AppLayout } from '../features/layout/AppLayout';
import { useGroupEpics } from '../features/epic/epicQueries';
import { IssueStatusBadge } from '../features/issue/IssueStatusBadge';
import { Alert } from '../shared/ui/Alert';
import { TabList } from '../shared/ui/TabList';
import { formatDate } from '../shared/time/formatTime';
import '../features/epic/epic.css';

const TABS = [
  { state: 'opened', label: 'Open' },
  { state: 'closed', label: 'Closed' },
  { state: 'all', label: 'All' },
] as const;

/** /groups/{group…}/-/epics: the group's epics (and its subgroups'), by state, searched. */
export function GroupEpicsPage({ groupPath }: { groupPath: string }) {
  const [state, setState] = useState<(typeof TABS)[number]['state']>('opened');
  const [search, setSearch] = useState('');
  const q = useGroupEpics(groupPath, search.trim(), state);
  return (
    <AppLayout crumbs={[{ label: groupPath }, { label: 'Epics' }]}>
      <div className="page-head">
        <h1 className="page-title">Epics</h1>
      </div>
      <TabList label="Epic state" tabs={TABS.map((t) => ({ id: t.state, label: t.label }))} selected={state} onSelect={setState} />
      <input className="input" type="search" aria-label="Search epics" placeholder="Search or filter results…" value={search} onChange={(e) => setSearch(e.target.value)} />
      {q.isError && <Alert variant="danger">{EPIC_TEXTS.fetchFailed}</Alert>}
      {q.data === null && <Alert variant="danger">{EPIC_TEXTS.fetchFailed}</Alert>}
      {q.data && q.data.length === 0 && <p className="muted">There are no epics to show.</p>}
      {q.data && q.data.length > 0 && (
        <ul className="epic-list" data-testid="epic-list">
          {q.data.map((e) => (
            <li key={e.id} className="epic-list__item">
              <IssueStatusBadge state={e.state} /> <a href={`/groups/${e.references.full.replace(/&\d+$/, '')}/-/epics/${e.iid}`}>{e.title}</a>{' '}
              <span className="muted">
                {e.references.full}
                {e.end_date ? ` · due ${formatDate(e.end_date)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </AppLayout>
  );
}
