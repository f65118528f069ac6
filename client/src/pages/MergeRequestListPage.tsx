import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { MERGE_REQUEST_LIST_TEXTS } from '@tandem/shared-types';
import { useProject } from '../features/projects/projectQueries';
import { AppLayout, projectCrumbs } from '../features/layout/AppLayout';
import { MergeRequestList } from '../features/merge-request-list/MergeRequestList';
import { mergeRequestListParams, mergeRequestListQueryFrom } from '../features/merge-request-list/mergeRequestListQueries';
import { useLiveMergeRequestList } from '../features/merge-request-list/useLiveMergeRequestList';
import { NotFoundPage } from './NotFoundPage';

/** /{namespace…}/{project}/-/merge_requests: its state, search, sort and page kept in the URL (back, forward and reload keep them). */
export function MergeRequestListPage({ projectPath }: { projectPath: string }) {
  const [params, setParams] = useSearchParams();
  const projectQuery = useProject(projectPath);
  useLiveMergeRequestList(projectPath);
  const project = projectQuery.data === undefined ? (projectQuery.isError ? 'missing' : null) : projectQuery.data ?? 'missing';
  const query = mergeRequestListQueryFrom(params);

  useEffect(() => {
    if (project && project !== 'missing') document.title = `${MERGE_REQUEST_LIST_TEXTS.listTitle} · ${project.name_with_namespace} · Tandem`;
  }, [project]);

  if (project === 'missing') return <NotFoundPage />;
  return (
    <AppLayout crumbs={[...projectCrumbs(projectPath, project?.name), { label: MERGE_REQUEST_LIST_TEXTS.listTitle }]}>
      <div className="page-head">
        <h1 className="page-title">{MERGE_REQUEST_LIST_TEXTS.listTitle}</h1>
      </div>
      <MergeRequestList projectPath={projectPath} query={query} onQuery={(q) => setParams(mergeRequestListParams({ ...query, ...q }))} />
    </AppLayout>
  );
}
