import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { EPIC_TEXTS, epicStreamPath } from '@tandem/shared-types';
import { AppLayout } from '../features/layout/AppLayout';
import { EpicActions } from '../features/epic/EpicActions';
import { EpicDetails } from '../features/epic/EpicDetails';
import { EpicDiscussion } from '../features/epic/EpicDiscussion';
import { epicAtomFamily, epicIssuesVersionAtomFamily, epicKey, epicSeqAtomFamily } from '../features/epic/epicAtoms';
import { useEpicIssues, useEpicPage } from '../features/epic/epicQueries';
import { useEpicSync } from '../features/epic/useEpicSync';
import { releaseEpicAtoms } from '../features/epic/releaseEpicAtoms';
import { useReleaseOnUnmount } from '../shared/atoms/useReleaseOnUnmount';
import { LiveUpdatesIndicator } from '../realtime/LiveUpdatesIndicator';
import { revokedIssuesAtom } from '../realtime/realtimeAtoms';
import { appStore } from '../shared/store';
import { Alert } from '../shared/ui/Alert';
import { NotFoundPage } from './NotFoundPage';
import { NoteableHistory } from '../features/history/NoteableHistory';
import { epicRestBase } from '../features/history/historyApi';

/** /groups/{group…}/-/epics/{iid}: the epic's title, description, dates, issues and its discussion, all live. */
export function EpicPage({ groupPath, iid }: { groupPath: string; iid: number }) {
  const key = epicKey(groupPath, iid);
  const q = useEpicPage(groupPath, iid);
  // The epic's atoms go when the page does (STYLE 7)
  useReleaseOnUnmount(key, releaseEpicAtoms);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (!q.data || hydrated) return;
    appStore.set(epicAtomFamily(key), q.data.epic);
    appStore.set(epicSeqAtomFamily(key), q.data.seq);
    setHydrated(true);
  }, [q.data, hydrated, key]);
  const epic = useAtomValue(epicAtomFamily(key), { store: appStore });
  const version = useAtomValue(epicIssuesVersionAtomFamily(key), { store: appStore });
  const issues = useEpicIssues(groupPath, iid, version);
  const connection = useEpicSync(groupPath, iid, hydrated);
  const ended = useAtomValue(revokedIssuesAtom, { store: appStore })[key];
  useEffect(() => {
    if (epic) document.title = `${epic.title} (&${iid}) · Epics · Tandem`;
  }, [epic, iid]);
  if (q.data === null) return <NotFoundPage />;
  return (
    <AppLayout crumbs={[{ label: groupPath }, { label: 'Epics', href: `/groups/${groupPath}/-/epics` }, { label: `&${iid}` }]}>
      {q.isError && <Alert variant="danger">{EPIC_TEXTS.fetchEpicFailed}</Alert>}
      {hydrated && epic && q.data && (
        <>
          <LiveUpdatesIndicator state={connection.state} givenUp={connection.givenUp} />
          {ended && (
            <Alert variant="warning" testId="epic-stream-ended">
              {ended === 'deleted' ? EPIC_TEXTS.deletedWhileOpen : EPIC_TEXTS.accessLost}
            </Alert>
          )}
          <NoteableHistory restBase={epicRestBase(groupPath, iid)} streamPath={epicStreamPath(groupPath)} iid={iid} kind="Epic" />
          <EpicActions epic={epic} epicKey={key} groupPath={groupPath} canUpdate={q.data.permissions.canUpdate} canDestroy={q.data.permissions.canDestroy} />
          <EpicDetails epic={epic} issues={issues.data ?? []} editing={q.data.permissions.canUpdate ? { epicKey: key, groupPath } : null} epicKey={key} />
          <EpicDiscussion data={q.data} epicKey={key} groupPath={groupPath} />
        </>
      )}
    </AppLayout>
  );
}
