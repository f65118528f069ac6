import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { ACCESS_LEVEL, INCIDENT_LIST_TABS, INCIDENT_SORT_FIELDS, INCIDENT_TEXTS, type IncidentListState, type IncidentSortField } from '@tandem/shared-types';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { appStore } from '../shared/store';
import { useProject } from '../features/projects/projectQueries';
import { AppLayout, projectCrumbs } from '../features/layout/AppLayout';
import { IncidentList } from '../features/incident-list/IncidentList';
import type { IncidentListQuery } from '../features/incident-list/incidentListQueries';
import { useLiveIssueList } from '../features/issue-list/useLiveIssueList';
import { StatusPageSettingsForm } from '../features/status-page/StatusPageSettingsForm';
import { NotFoundPage } from './NotFoundPage';

const STATES = INCIDENT_LIST_TABS.map((t) => t.filter) as readonly string[];

/** /{project}/-/incidents: the tab, sort and page kept in the URL. */
export function IncidentListPage({ projectPath }: { projectPath: string }) {
  const [params, setParams] = useSearchParams();
  const projectQuery = useProject(projectPath);
  const user = useAtomValue(currentUserAtom, { store: appStore });
  useLiveIssueList(projectPath);
  const project = projectQuery.data === undefined ? (projectQuery.isError ? 'missing' : null) : projectQuery.data ?? 'missing';
  const query: IncidentListQuery = {
    state: STATES.includes(params.get('state') ?? '') ? (params.get('state') as IncidentListState) : 'opened',
    orderBy: (INCIDENT_SORT_FIELDS as readonly string[]).includes(params.get('order_by') ?? '') ? (params.get('order_by') as IncidentSortField) : 'created_at',
    sort: params.get('sort') === 'asc' ? 'asc' : 'desc',
    page: Math.max(1, Number(params.get('page')) || 1),
  };

  useEffect(() => {
    if (project && project !== 'missing') document.title = `${INCIDENT_TEXTS.listTitle} · ${project.name_with_namespace} · Tandem`;
  }, [project]);

  if (project === 'missing') return <NotFoundPage />;
  const access = Math.max(project?.permissions?.project_access?.access_level ?? 0, project?.permissions?.group_access?.access_level ?? 0);
  // Reporters and up may set an issue's type and severity (admin_issue)
  const canUpdate = !!user && (user.is_admin || access >= ACCESS_LEVEL.REPORTER);
  // Maintainers set up the status page (admin_project)
  const canAdmin = !!user && (user.is_admin || access >= ACCESS_LEVEL.MAINTAINER);
  return (
    <AppLayout crumbs={[...projectCrumbs(projectPath, project?.name), { label: INCIDENT_TEXTS.listTitle }]}>
      <div className="page-head">
        <h1 className="page-title">{INCIDENT_TEXTS.listTitle}</h1>
      </div>
      {canAdmin && <StatusPageSettingsForm projectPath={projectPath} />}
      <IncidentList
        projectPath={projectPath}
        query={query}
        canUpdate={canUpdate}
        createUrl={canUpdate ? `/${projectPath}/-/issues/new?issue_type=incident` : null}
        onQuery={(q) => {
          const next = { ...query, ...q };
          const sp = new URLSearchParams();
          if (next.state !== 'opened') sp.set('state', next.state);
          if (next.orderBy !== 'created_at' || next.sort !== 'desc') {
            sp.set('order_by', next.orderBy);
            sp.set('sort', next.sort);
          }
          if (next.page > 1) sp.set('page', String(next.page));
          setParams(sp);
        }}
      />
    </AppLayout>
  );
}
