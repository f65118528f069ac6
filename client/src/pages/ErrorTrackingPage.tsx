import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { ACCESS_LEVEL, ERROR_SORTS, ERROR_STATUSES, ERROR_TRACKING, errorTrackingPaths, type ErrorSort, type ErrorStatus } from '@tandem/shared-types';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { appStore } from '../shared/store';
import { useProject } from '../features/projects/projectQueries';
import { AppLayout, projectCrumbs } from '../features/layout/AppLayout';
import { ErrorTrackingList } from '../features/error-tracking/ErrorTrackingList';
import { ErrorDetails } from '../features/error-tracking/ErrorDetails';
import { ErrorTrackingSettings } from '../features/error-tracking/ErrorTrackingSettings';
import type { ErrorListQuery } from '../features/error-tracking/errorTrackingApi';
import { NotFoundPage } from './NotFoundPage';

export type ErrorTrackingView = { kind: 'list' } | { kind: 'details'; id: number } | { kind: 'settings' };

/** /{project}/-/error_tracking (the list, its query in the URL), .../{id}/details, and /{project}/-/settings/error_tracking. */
export function ErrorTrackingPage({ projectPath, view }: { projectPath: string; view: ErrorTrackingView }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const projectQuery = useProject(projectPath);
  const user = useAtomValue(currentUserAtom, { store: appStore });
  const project = projectQuery.data === undefined ? (projectQuery.isError ? 'missing' : null) : projectQuery.data ?? 'missing';
  const paths = errorTrackingPaths(projectPath);

  useEffect(() => {
    if (project && project !== 'missing') document.title = `${view.kind === 'settings' ? 'Error tracking settings' : 'Error tracking'} · ${project.name_with_namespace} · Tandem`;
  }, [project, view.kind]);

  if (project === 'missing') return <NotFoundPage />;
  const access = Math.max(project?.permissions?.project_access?.access_level ?? 0, project?.permissions?.group_access?.access_level ?? 0);
  const canUpdate = !!user && (user.is_admin || access >= ACCESS_LEVEL.DEVELOPER);
  const canAdmin = !!user && (user.is_admin || access >= ACCESS_LEVEL.MAINTAINER);
  const crumbs = [...projectCrumbs(projectPath, project?.name), { label: 'Error tracking', href: view.kind === 'list' ? undefined : paths.list }];

  if (view.kind === 'settings') {
    return (
      <AppLayout crumbs={[...crumbs, { label: 'Settings' }]}>
        <div className="page-head">
          <h1 className="page-title">Error tracking settings</h1>
        </div>
        {canAdmin || !project ? <ErrorTrackingSettings projectPath={projectPath} /> : <NotFoundPage />}
      </AppLayout>
    );
  }
  if (view.kind === 'details') {
    return (
      <AppLayout crumbs={[...crumbs, { label: `#${view.id}` }]}>
        <ErrorDetails key={view.id} projectPath={projectPath} errorId={view.id} canUpdate={canUpdate} onNavigate={(url) => (window.location.href = url)} />
      </AppLayout>
    );
  }
  const query: ErrorListQuery = {
    search: (params.get('search_term') ?? '').trim(),
    sort: (ERROR_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as ErrorSort) : ERROR_TRACKING.defaultSort,
    status: (ERROR_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as ErrorStatus) : ERROR_TRACKING.defaultStatus,
    cursor: params.get('cursor'),
  };
  return (
    <AppLayout crumbs={crumbs}>
      <div className="page-head">
        <h1 className="page-title">Error tracking</h1>
        {canAdmin && (
          <a className="btn" href={paths.settings} onClick={(e) => (e.preventDefault(), navigate(paths.settings))}>
            Settings
          </a>
        )}
      </div>
      <ErrorTrackingList
        projectPath={projectPath}
        query={query}
        onQuery={(q) => {
          const next = { ...query, ...q };
          const sp = new URLSearchParams();
          if (next.search) sp.set('search_term', next.search);
          if (next.sort !== ERROR_TRACKING.defaultSort) sp.set('sort', next.sort);
          if (next.status !== ERROR_TRACKING.defaultStatus) sp.set('status', next.status);
          if (next.cursor) sp.set('cursor', next.cursor);
          setParams(sp);
        }}
      />
    </AppLayout>
  );
}
