import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { ACCESS_LEVEL, errorTrackingPaths, INCIDENT_TEXTS, MERGE_REQUEST_LIST_TEXTS } from '@tandem/shared-types';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { appStore } from '../shared/store';
import { useProject } from '../features/projects/projectQueries';
import { AppLayout, projectCrumbs } from '../features/layout/AppLayout';
import { IssueList } from '../features/issue-list/IssueList';
import { OpenIssueCount } from '../features/issue-list/OpenIssueCount';
import { useLiveIssueList } from '../features/issue-list/useLiveIssueList';
import type { IssueListQuery, IssueListState } from '../features/issue-list/issueListQueries';
import { CloneDropdown } from '../features/repository/CloneDropdown';
import { DEFAULT_SORT, parseSort, sortParam, tokensFromUrl, tokensToUrl } from '../features/issue-list/filterTokens';
import { NotFoundPage } from './NotFoundPage';

const STATES: IssueListState[] = ['opened', 'closed', 'all'];

/** /{namespace…}/{project}/-/issues, its state, search, filters, sort and page kept in the URL (a filtered list can be linked). */
export function IssueListPage({ projectPath }: { projectPath: string }) {
  const [params, setParams] = useSearchParams();
  const projectQuery = useProject(projectPath);
  const currentUser = useAtomValue(currentUserAtom, { store: appStore });
  const signedIn = currentUser !== null;
  useLiveIssueList(projectPath);
  const project = projectQuery.data === undefined ? (projectQuery.isError ? 'missing' : null) : projectQuery.data ?? 'missing';
  const query: IssueListQuery = {
    state: STATES.includes(params.get('state') as IssueListState) ? (params.get('state') as IssueListState) : 'opened',
    search: params.get('search') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    tokens: tokensFromUrl(params),
    sort: parseSort(params.get('sort')),
  };

  useEffect(() => {
    if (project && project !== 'missing') document.title = `Issues · ${project.name_with_namespace} · Tandem`;
  }, [project]);

  if (project === 'missing') return <NotFoundPage />;
  const name = project?.name;
  return (
    <AppLayout crumbs={[...projectCrumbs(projectPath, name), { label: 'Issues', extra: <OpenIssueCount projectPath={projectPath} /> }]}>
      <div className="page-head">
        <div className="page-head__row">
          <h1 className="page-title">Issues</h1>
          {/* GitLab shows no merge requests where the project takes none */}
          {project?.merge_requests_enabled && (
            <a className="btn" href={`/${projectPath}/-/merge_requests`}>
              {MERGE_REQUEST_LIST_TEXTS.listTitle}
            </a>
          )}
          <a className="btn" href={`/${projectPath}/-/incidents`}>
            {INCIDENT_TEXTS.listTitle}
          </a>
          {/* Errors are for reporters and up (read_error_tracking) */}
          {Math.max(project?.permissions?.project_access?.access_level ?? 0, project?.permissions?.group_access?.access_level ?? 0) >= ACCESS_LEVEL.REPORTER && (
            <a className="btn" href={errorTrackingPaths(projectPath).list}>
              Error tracking
            </a>
          )}
          {signedIn && (
            <a className="btn btn--confirm" href={`/${projectPath}/-/issues/new`}>
              New issue
            </a>
          )}
          {project && <CloneDropdown httpUrl={project.http_url_to_repo} username={currentUser?.username ?? null} />}
        </div>
        {project?.description && <p className="muted page-head__desc">{project.description}</p>}
      </div>
      <IssueList
        projectPath={projectPath}
        query={query}
        canBulkEdit={signedIn && (project?.permissions?.project_access?.access_level ?? 0) >= 20}
        onQuery={(q) => {
          const next = { ...query, ...q };
          const sp = new URLSearchParams();
          if (next.state !== 'opened') sp.set('state', next.state);
          if (next.search) sp.set('search', next.search);
          tokensToUrl(next.tokens, sp);
          if (sortParam(next.sort) !== sortParam(DEFAULT_SORT)) sp.set('sort', sortParam(next.sort));
          if (next.page > 1) sp.set('page', String(next.page));
          setParams(sp);
        }}
      />
    </AppLayout>
  );
}
