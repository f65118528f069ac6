import { useEffect, useState } from 'react';
import { CircleCheck, CircleDot } from 'lucide-react';
import type { ApiIssue, UserBasic } from '@tandem/shared-types';
import { requestJson } from '../shared/api/http';
import { AppLayout } from '../features/layout/AppLayout';
import { signInHref } from '../features/session/signOut';
import { Avatar } from '../shared/ui/Avatar';
import { NotFoundPage } from './NotFoundPage';

type Loaded<T> = T | null | 'missing';
type IssuesLoaded = Loaded<ApiIssue[]> | 'signed-out';

/** The path of a URL the server returned, so links stay on the host this page was opened on. */
function pathOf(url: string): string {
  try {
    const u = new URL(url, window.location.origin);
    return `${u.pathname}${u.search}`;
  } catch {
    return '/';
  }
}

/**
 * /{username} (GitLab's user web_url): avatar, name, @username, and the issues the user authored
 * or is assigned to, as far as the viewer may read them (GET /api/v4/issues with scope=all).
 */
export function UserPage({ username }: { username: string }) {
  const [user, setUser] = useState<Loaded<UserBasic>>(null);

  useEffect(() => {
    let live = true;
    setUser(null);
    requestJson<UserBasic[]>(`/api/v4/users?username=${encodeURIComponent(username)}`)
      .then((res) => live && setUser(res.ok && res.data?.[0] ? res.data[0] : 'missing'))
      .catch(() => live && setUser('missing'));
    return () => {
      live = false;
    };
  }, [username]);

  useEffect(() => {
    if (user && user !== 'missing') document.title = `${user.name} (@${user.username}) · Tandem`;
  }, [user]);

  if (user === 'missing') return <NotFoundPage />;
  return (
    <AppLayout crumbs={[{ label: user ? user.name : username }]}>
      {!user && <p className="muted list-loading">Loading…</p>}
      {user && (
        <>
          <div className="page-head" style={{ display: 'flex', gap: 16, alignItems: 'center' }} data-testid="user-profile">
            <Avatar user={user} size={64} decorative />
            <div>
              <h1 className="page-title">{user.name}</h1>
              <p className="muted">@{user.username}</p>
            </div>
          </div>
          <UserIssues title="Authored issues" filter={`author_id=${user.id}`} testId="authored-issues" />
          <UserIssues title="Assigned issues" filter={`assignee_id=${user.id}`} testId="assigned-issues" />
        </>
      )}
    </AppLayout>
  );
}

function UserIssues({ title, filter, testId }: { title: string; filter: string; testId: string }) {
  const [issues, setIssues] = useState<IssuesLoaded>(null);

  useEffect(() => {
    let live = true;
    setIssues(null);
    requestJson<ApiIssue[]>(`/api/v4/issues?scope=all&state=all&order_by=updated_at&per_page=20&${filter}`)
      // GET /issues needs a signed-in user, as GitLab's does
      .then((res) => live && setIssues(res.status === 401 ? 'signed-out' : res.ok && Array.isArray(res.data) ? res.data : 'missing'))
      .catch(() => live && setIssues('missing'));
    return () => {
      live = false;
    };
  }, [filter]);

  return (
    <section className="user-issues" data-testid={testId}>
      <h2 className="section-title">{title}</h2>
      {issues === null && <p className="muted list-loading">Loading issues…</p>}
      {issues === 'missing' && <p className="empty-row">Issues could not be loaded.</p>}
      {issues === 'signed-out' && (
        <p className="empty-row">
          <a href={signInHref()}>Sign in</a> to see their issues.
        </p>
      )}
      {Array.isArray(issues) && !issues.length && <p className="empty-row">No issues.</p>}
      {Array.isArray(issues) && issues.length > 0 && (
        <ul className="list">
          {issues.map((issue) => (
            <li key={issue.id} className="list__row issue-row">
              <span className={`issue-row__state ${issue.state === 'closed' ? 'is-closed' : 'is-open'}`}>
                {issue.state === 'closed' ? <CircleCheck size={16} aria-label="Closed" /> : <CircleDot size={16} aria-label="Open" />}
              </span>
              <div className="list__main">
                <a className="list__title" href={pathOf(issue.web_url)}>
                  {issue.title}
                </a>
                <div className="list__sub muted">{issue.references.full}</div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
