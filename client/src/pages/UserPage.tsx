import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleDot } from 'lucide-react';
import type { ApiIssue, ApiProject, UserBasic } from '@tandem/shared-types';
import { requestJson } from '../shared/api/http';
import { AppLayout } from '../features/layout/AppLayout';
import { ProjectRow } from '../features/projects/ProjectRow';
import { signInHref } from '../features/session/signOut';
import { Avatar } from '../shared/ui/Avatar';
import { NotFoundPage } from './NotFoundPage';

/** Query keys of the user page's reads (react-query caches them across visits). */
const userKeys = {
  byName: (username: string) => ['users', 'by-name', username.toLowerCase()] as const,
  projects: (id: number) => ['users', id, 'projects'] as const,
  issues: (filter: string) => ['users', 'issues', filter] as const,
};


/** The path of a URL the server returned, so links stay on the host this page was opened on. */
function pathOf(url: string): string {
  try {
    const u = new URL(url, window.location.origin);
    return `${u.pathname}${u.search}`;
  } catch {
    return '/';
  }
}

/** The user by username; null when nobody has it. */
function useUser(username: string) {
  return useQuery({
    queryKey: userKeys.byName(username),
    queryFn: async ({ signal }): Promise<UserBasic | null> => {
      const res = await requestJson<UserBasic[]>(`/api/v4/users?username=${encodeURIComponent(username)}`, { signal });
      if (!res.ok) throw new Error('The user could not be loaded.');
      return res.data?.[0] ?? null;
    },
  });
}

/** Projects the user is a member of that the viewer can read (GET /users/:id/projects), and how many in all. */
function useUserProjects(userId: number) {
  return useQuery({
    queryKey: userKeys.projects(userId),
    queryFn: async ({ signal }) => {
      const res = await requestJson<ApiProject[]>(`/api/v4/users/${userId}/projects?per_page=20`, { signal });
      if (!res.ok || !Array.isArray(res.data)) throw new Error('Projects could not be loaded.');
      return { projects: res.data, total: Number(res.headers.get('x-total')) || res.data.length };
    },
  });
}

/** The viewer-readable issues matching `filter`, most recently updated first; 'signed-out' where the API asks for a sign-in. */
function useUserIssues(filter: string) {
  return useQuery({
    queryKey: userKeys.issues(filter),
    queryFn: async ({ signal }): Promise<ApiIssue[] | 'signed-out'> => {
      const res = await requestJson<ApiIssue[]>(`/api/v4/issues?scope=all&state=all&order_by=updated_at&per_page=20&${filter}`, { signal });
      // GET /issues needs a signed-in user, as GitLab's does
      if (res.status === 401) return 'signed-out';
      if (!res.ok || !Array.isArray(res.data)) throw new Error('Issues could not be loaded.');
      return res.data;
    },
  });
}

/**
 * /{username} (GitLab's user web_url): avatar, name, @username, the projects they are a member of,
 * and their recent issues (authored, assigned), as far as the viewer may read them.
 */
export function UserPage({ username }: { username: string }) {
  const { data: user, error } = useUser(username);

  useEffect(() => {
    if (user) document.title = `${user.name} (@${user.username}) · Tandem`;
  }, [user]);

  if (user === null) return <NotFoundPage />;
  return (
    <AppLayout crumbs={[{ label: user ? user.name : username }]}>
      {error && <p className="empty-row">{error.message}</p>}
      {!user && !error && <p className="muted list-loading">Loading…</p>}
      {user && (
        <>
          <div className="page-head" style={{ display: 'flex', gap: 16, alignItems: 'center' }} data-testid="user-profile">
            <Avatar user={user} size={64} decorative />
            <div>
              <h1 className="page-title">{user.name}</h1>
              <p className="muted">@{user.username}</p>
            </div>
          </div>
          <UserProjects userId={user.id} />
          <UserIssues title="Recent issues authored" filter={`author_id=${user.id}`} testId="authored-issues" />
          <UserIssues title="Recent issues assigned" filter={`assignee_id=${user.id}`} testId="assigned-issues" />
        </>
      )}
    </AppLayout>
  );
}

function UserProjects({ userId }: { userId: number }) {
  const { data, error } = useUserProjects(userId);
  return (
    <section className="user-projects" data-testid="user-projects">
      <h2 className="section-title">
        Projects{data ? <span className="muted"> {data.total}</span> : null}
      </h2>
      {!data && !error && <p className="muted list-loading">Loading projects…</p>}
      {error && <p className="empty-row">{error.message}</p>}
      {data && !data.projects.length && <p className="empty-row">No projects.</p>}
      {data && data.projects.length > 0 && (
        <ul className="list">
          {data.projects.map((p) => (
            <ProjectRow key={p.id} project={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

function UserIssues({ title, filter, testId }: { title: string; filter: string; testId: string }) {
  const { data: issues, error } = useUserIssues(filter);

  return (
    <section className="user-issues" data-testid={testId}>
      <h2 className="section-title">{title}</h2>
      {!issues && !error && <p className="muted list-loading">Loading issues…</p>}
      {error && <p className="empty-row">{error.message}</p>}
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
