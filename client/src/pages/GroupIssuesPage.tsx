import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import type { ApiIssue } from '@tandem/shared-types';
import { AppLayout } from '../features/layout/AppLayout';
import { IssueStatusBadge } from '../features/issue/IssueStatusBadge';
import { NewItemInProjectButton } from '../features/project-picker/NewItemInProjectButton';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { requestJson } from '../shared/api/http';
import { appStore } from '../shared/store';
import { Alert } from '../shared/ui/Alert';
import { TabList } from '../shared/ui/TabList';

const TABS = [
  { state: 'opened', label: 'Open' },
  { state: 'closed', label: 'Closed' },
  { state: 'all', label: 'All' },
] as const;

/**
 * /groups/{group…}/-/issues: the issues of the group's projects (and its subgroups'), by state,
 * searched; signed-in users get "New issue in <project>" (the project picker).
 */
export function GroupIssuesPage({ groupPath }: { groupPath: string }) {
  const [state, setState] = useState<(typeof TABS)[number]['state']>('opened');
  const [search, setSearch] = useState('');
  const signedIn = useAtomValue(currentUserAtom, { store: appStore }) !== null;
  const q = useQuery({
    queryKey: ['groups', groupPath, 'issues', state, search.trim()],
    queryFn: async ({ signal }) => {
      const sp = new URLSearchParams({ state, per_page: '50' });
      if (search.trim()) sp.set('search', search.trim());
      const res = await requestJson<ApiIssue[]>(`/api/v4/groups/${encodeURIComponent(groupPath)}/issues?${sp}`, { signal });
      if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
      return res.data;
    },
  });
  useEffect(() => {
    document.title = `Issues · ${groupPath} · Tandem`;
  }, [groupPath]);
  return (
    <AppLayout crumbs={[{ label: groupPath }, { label: 'Issues' }]}>
      <div className="page-head">
        <div className="page-head__row">
          <h1 className="page-title">Issues</h1>
          {signedIn && <NewItemInProjectButton groupPath={groupPath} resourceType="issue" label="New issue" newPath="-/issues/new" />}
        </div>
      </div>
      <TabList label="Issue state" tabs={TABS.map((t) => ({ id: t.state, label: t.label }))} selected={state} onSelect={setState} />
      <input className="input" type="search" aria-label="Search issues" placeholder="Search or filter results…" value={search} onChange={(e) => setSearch(e.target.value)} />
      {q.isError && <Alert variant="danger">The issues could not be loaded.</Alert>}
      {q.data && q.data.length === 0 && <p className="muted">There are no issues to show.</p>}
      {q.data && q.data.length > 0 && (
        <ul className="epic-list" data-testid="group-issue-list">
          {q.data.map((i) => (
            <li key={i.id} className="epic-list__item">
              <IssueStatusBadge state={i.state} /> <a href={i.web_url.replace(/^https?:\/\/[^/]+/, '')}>{i.title}</a> <span className="muted">{i.references.full}</span>
            </li>
          ))}
        </ul>
      )}
    </AppLayout>
  );
}
