import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MERGE_REQUEST_LIST_TEXTS } from '@tandem/shared-types';
import { AppLayout, projectCrumbs } from '../features/layout/AppLayout';
import { fetchMergeRequestPage, mergeRequestPageKey } from '../features/merge-requests/mergeRequestApi';
import { MergeRequestView, type MergeRequestTab } from '../features/merge-requests/MergeRequestView';
import { useMergeRequestSync } from '../features/merge-requests/useMergeRequestSync';
import { LiveUpdatesIndicator } from '../realtime/LiveUpdatesIndicator';
import { Alert } from '../shared/ui/Alert';
import { NotFoundPage } from './NotFoundPage';

/** /{project…}/-/merge_requests/{iid} (GitLab's /diffs and /commits open those tabs): the merge request, its commits and changes, and its discussion, all live. */
export function MergeRequestPage({ projectPath, iid, tab = 'overview' }: { projectPath: string; iid: number; tab?: MergeRequestTab }) {
  const q = useQuery({ queryKey: mergeRequestPageKey(projectPath, iid), queryFn: () => fetchMergeRequestPage(projectPath, iid) });
  const connection = useMergeRequestSync(projectPath, iid, q.data ? q.data.seq : null);
  useEffect(() => {
    if (q.data) document.title = `${q.data.mergeRequest.title} (!${iid}) · ${MERGE_REQUEST_LIST_TEXTS.listTitle} · Tandem`;
  }, [q.data, iid]);
  if (q.data === null) return <NotFoundPage />;
  return (
    <AppLayout crumbs={[...projectCrumbs(projectPath), { label: MERGE_REQUEST_LIST_TEXTS.listTitle, href: `/${projectPath}/-/merge_requests` }, { label: `!${iid}` }]} wide>
      {q.isError && <Alert variant="danger">Something went wrong while fetching the merge request.</Alert>}
      {q.data && (
        <>
          <LiveUpdatesIndicator state={connection.state} givenUp={connection.givenUp} />
          <MergeRequestView data={q.data} projectPath={projectPath} initialTab={tab} />
        </>
      )}
    </AppLayout>
  );
}
