import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { noteablePaths, TEXTS, type ApiNote, type IssuePageData } from '@tandem/shared-types';
import { Alert } from '../shared/ui/Alert';
import { AppLayout, projectCrumbs } from '../features/layout/AppLayout';
import { IssueDescription } from '../features/issue/IssueDescription';
import { IssueEditForm } from '../features/issue/IssueEditForm';
import { IssueHeader } from '../features/issue/IssueHeader';
import { CloneDropdown } from '../features/repository/CloneDropdown';
import { IncidentTabs } from '../features/incident/IncidentTabs';
import { hydrateIssuePage, issueAtomFamily } from '../features/issue/issueAtoms';
import { useIssueStateToggle } from '../features/issue/useIssueStateToggle';
import { useRealtimeChangesPolling } from '../features/issue/useRealtimeChangesPolling';
import { IssueSidebar } from '../features/sidebar/IssueSidebar';
import { NoteableHistory } from '../features/history/NoteableHistory';
import { issueRestBase } from '../features/history/historyApi';
import { LiveUpdatesIndicator } from '../realtime/LiveUpdatesIndicator';
import { revokedIssuesAtom } from '../realtime/realtimeAtoms';
import { appStore } from '../shared/store';
import { useIssueSync } from '../features/issue/useIssueSync';
import { PresenceBar, TypingIndicator } from '../features/presence/PresenceBar';
import { setEditingPresence, usePresence, useTypingPresence } from '../features/presence/usePresence';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { IssueDiscussionArea } from '../features/notes/IssueDiscussionArea';
import { liveAwardPermission } from '../features/awards/liveAwardPermission';
import { IssueAwardsBar } from '../features/awards/IssueAwardsBar';
import { NoteAwardsBar } from '../features/awards/NoteAwardsBar';
import { RelatedIssues } from '../features/related-issues/RelatedIssues';
import { IssueStackTraceCard } from '../features/error-tracking/IssueStackTraceCard';
import { CreateMergeRequestDropdown } from '../features/merge-requests/CreateMergeRequestDropdown';
import { RelatedBranches } from '../features/merge-requests/RelatedBranches';
import { RelatedMergeRequests } from '../features/merge-requests/RelatedMergeRequests';
import { useBlockedCloseConfirm } from '../features/related-issues/useBlockedCloseConfirm';
import { MovedServiceDeskWarning } from '../features/service-desk/MovedServiceDeskWarning';
import { PublishToStatusPage } from '../features/status-page/PublishToStatusPage';
import { publishedIncidentUrlAtomFamily } from '../features/status-page/statusPageAtoms';
import { releaseIssueAtoms } from '../features/issue/releaseIssueAtoms';
import { useReleaseOnUnmount } from '../shared/atoms/useReleaseOnUnmount';
import { refreshIssuePage } from './refreshIssuePage';
import { OpenIssueCount } from '../features/issue-list/OpenIssueCount';

/** The issue page, painted from the server-embedded PageData with no extra request. */
export function IssuePage({ data }: { data: IssuePageData }) {
  const [issueKey] = useState(() => {
    const key = hydrateIssuePage(data);
    appStore.set(publishedIncidentUrlAtomFamily(key), data.publishedIncidentUrl ?? null);
    return key;
  });
  // The issue's atoms go when the page does (STYLE 7)
  useReleaseOnUnmount(issueKey, releaseIssueAtoms);
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const projectPath = data.project.path_with_namespace;
  const { permissions, endpoint } = data;
  const [editing, setEditing] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  const stateToggle = useIssueStateToggle(issueKey, projectPath, issue.iid, endpoint);
  const blockedClose = useBlockedCloseConfirm(projectPath, issue.iid, issue.id, data.blocked_by_count ?? 0, (e) => void stateToggle.toggle(e));
  const currentUser = useAtomValue(currentUserAtom);

  // Live over the socket; the spec's polling takes over only while the socket is down
  const connection = useIssueSync(projectPath, issue.iid);
  // The server ended this issue's stream: access lost (made confidential, membership removed...) or deleted
  const ended = useAtomValue(revokedIssuesAtom, { store: appStore })[issueKey];
  const queryClient = useQueryClient();
  const refreshPage = useCallback(() => void refreshIssuePage(issueKey, projectPath, issue.iid, queryClient), [issueKey, projectPath, issue.iid, queryClient]);
  useRealtimeChangesPolling(issueKey, data.realtimeChangesPath, connection.state !== 'open', refreshPage);
  // Who else is here, and this tab's own state (the edit form open)
  usePresence(projectPath, issue.iid, currentUser !== null);
  useEffect(() => setEditingPresence(issueKey, editing), [issueKey, editing]);
  const onTyping = useTypingPresence(issueKey);
  const paths = useMemo(() => noteablePaths(projectPath, issue.iid, issue.id), [projectPath, issue.iid, issue.id]);
  // Reactions follow the live lock like the comment form (a locked issue takes them only from those who may still comment)
  const canAwardNow = liveAwardPermission(permissions, issue.discussion_locked);
  const renderAwards = useCallback(
    (note: ApiNote) => <NoteAwardsBar note={note} projectPath={projectPath} iid={issue.iid} issueId={issue.id} canAward={canAwardNow} />,
    [projectPath, issue.iid, issue.id, canAwardNow],
  );

  useEffect(() => {
    document.title = `${issue.title} (#${issue.iid}) · Issues · ${data.project.name_with_namespace} · Tandem`;
  }, [issue.title, issue.iid, data.project.name_with_namespace]);

  function copyReference() {
    void navigator.clipboard
      ?.writeText(issue.references.full)
      .then(() => setNotice('Reference copied'))
      .catch(() => setNotice(null));
  }

  return (
    <AppLayout crumbs={[...projectCrumbs(projectPath, data.project.name), { label: 'Issues', href: `/${projectPath}/-/issues`, extra: <OpenIssueCount projectPath={projectPath} initial={data.project.open_issues_count} /> }, { label: `#${issue.iid}` }]} wide>
      <div className="issue-layout">
        <article className="issue-main" aria-labelledby="issue-title">
          <IssueHeader
            issueKey={issueKey}
            endpoint={endpoint}
            permissions={permissions}
            stateBusy={stateToggle.busy}
            sidebarOpen={sidebarOpen}
            onToggleState={blockedClose.requestToggle}
            onToggleSidebar={() => setSidebarOpen((o) => !o)}
            onCopyReference={copyReference}
          />
          <div className="issue-code-actions">
            <CloneDropdown httpUrl={data.project.http_url_to_repo} username={currentUser?.username ?? null} />
          </div>
          <LiveUpdatesIndicator state={connection.state} givenUp={connection.givenUp} />
          <PresenceBar issueKey={issueKey} selfId={currentUser?.id ?? null} />
          <NoteableHistory restBase={issueRestBase(projectPath, issue.iid)} streamPath={projectPath} iid={issue.iid} kind="Issue" />
          <MovedServiceDeskWarning issueId={issue.id} applies={data.movedServiceDeskWarning === true} />
          {ended && (
            <Alert variant="warning" testId="issue-stream-ended">
              {ended === 'deleted' ? (
                <>
                  {TEXTS.issueDeletedWhileOpen} <a href={`/${projectPath}/-/issues`}>Back to the issues</a>
                </>
              ) : (
                TEXTS.issueAccessLost
              )}
            </Alert>
          )}
          <div aria-live="assertive">
            {stateToggle.error && (
              <Alert variant="danger" onDismiss={stateToggle.dismissError} testId="state-error">
                {stateToggle.error}
              </Alert>
            )}
          </div>
          <div className="visually-hidden" aria-live="polite">
            {notice}
          </div>
          {editing ? (
            <>
              <h1 id="issue-title" className="visually-hidden">
                {issue.title}
              </h1>
              <IssueEditForm
                issueKey={issueKey}
                projectPath={projectPath}
                iid={issue.iid}
                endpoint={endpoint}
                canDestroy={permissions.canDestroy && permissions.showDeleteButton !== false}
                onClose={() => setEditing(false)}
              />
            </>
          ) : (
            <>
              <div className="issue-title-row">
                <h1 id="issue-title" className="issue-title" data-testid="issue-title">
                  {issue.title}
                </h1>
                {permissions.canUpdateIssue && (
                  <button type="button" className="btn btn--icon btn--tertiary issue-title-row__edit" aria-label="Edit title and description" title="Edit title and description" onClick={() => setEditing(true)}>
                    <Pencil size={16} aria-hidden="true" />
                  </button>
                )}
              </div>
              {issue.issue_type === 'incident' && data.canPublishStatusPage && <PublishToStatusPage issueKey={issueKey} projectPath={projectPath} iid={issue.iid} />}
              {issue.issue_type === 'incident' ? (
                <IncidentTabs issueKey={issueKey} projectPath={projectPath} metricsAvailable={data.uploadMetricsFeatureAvailable === true} canUpdate={permissions.canUpdate}>
                  <IssueDescription issueKey={issueKey} endpoint={endpoint} canUpdate={permissions.canUpdate} />
                </IncidentTabs>
              ) : (
                <IssueDescription issueKey={issueKey} endpoint={endpoint} canUpdate={permissions.canUpdate} />
              )}
            </>
          )}
          <IssueAwardsBar issueKey={issueKey} awards={data.awards ?? []} permissions={permissions} toggleUrl={paths.issueAward} />
          {data.issueStackTracePath && <IssueStackTraceCard issueKey={issueKey} path={data.issueStackTracePath} live={connection.state === 'open'} />}
          {currentUser && <CreateMergeRequestDropdown projectPath={projectPath} iid={issue.iid} issueState={issue.state} privateForkRequired={issue.confidential && data.project.visibility !== 'private'} />}
          <RelatedIssues projectPath={projectPath} iid={issue.iid} issueId={issue.id} canAdmin={permissions.canAdmin} />
          <RelatedMergeRequests projectPath={projectPath} iid={issue.iid} />
          <RelatedBranches projectPath={projectPath} iid={issue.iid} />
          {blockedClose.dialog}
          <IssueDiscussionArea
            data={data}
            issueKey={issueKey}
            stateToggle={{ busy: stateToggle.busy, toggle: async (e) => blockedClose.requestToggle(e) }}
            renderAwards={renderAwards}
            onTyping={onTyping}
            formHeader={<TypingIndicator issueKey={issueKey} selfId={currentUser?.id ?? null} />}
          />
        </article>
        <IssueSidebar issueKey={issueKey} projectPath={projectPath} endpoint={endpoint} permissions={permissions} open={sidebarOpen} onClose={closeSidebar} createNoteEmail={data.createNoteEmail} cveRequest={data.cveRequest} viewerAccessLevel={data.project.permissions?.project_access?.access_level ?? 0} />
      </div>
    </AppLayout>
  );
}
