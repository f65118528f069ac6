import { useEffect } from 'react';
import { AppLayout } from '../features/layout/AppLayout';
import { EpicDetails } from '../features/epic/EpicDetails';
import { useEpic } from '../features/epic/epicQueries';
import { Alert } from '../shared/ui/Alert';
import { NotFoundPage } from './NotFoundPage';

/** /groups/{group…}/-/epics/{iid}: the epic's title, description, dates and issues. */
export function EpicPage({ groupPath, iid }: { groupPath: string; iid: number }) {
  const q = useEpic(groupPath, iid);
  useEffect(() => {
    if (q.data) document.title = `${q.data.epic.title} (&${iid}) · Epics · Tandem`;
  }, [q.data, iid]);
  if (q.data === null) return <NotFoundPage />;
  return (
    <AppLayout crumbs={[{ label: groupPath }, { label: 'Epics', href: `/groups/${groupPath}/-/epics` }, { label: `&${iid}` }]}>
      {q.isError && <Alert variant="danger">Something went wrong while fetching the epic.</Alert>}
      {q.data && <EpicDetails epic={q.data.epic} issues={q.data.issues} />}
    </AppLayout>
  );
}
