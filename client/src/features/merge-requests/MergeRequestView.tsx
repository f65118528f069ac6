import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { DISCUSSION_TEXTS, MERGE_REQUEST_TEXTS as T, mergeRequestStreamPath, type ApiDiscussion, type ApiNote, type MergeRequestPageData } from '@tandem/shared-types';
import { errorText } from '../../shared/api/http';
import { appStore } from '../../shared/store';
import { Alert } from '../../shared/ui/Alert';
import { AwardsBar } from '../awards/AwardsBar';
import { NoteAwardsBar } from '../awards/NoteAwardsBar';
import { mergeRequestRestBase } from '../history/historyApi';
import { NoteableHistory } from '../history/NoteableHistory';
import { DiscussionArea, type DiscussionNoteable } from '../notes/DiscussionArea';
import { currentUserAtom } from '../session/sessionAtoms';
import { mergeMergeRequest, mergeRequestPageKey, setMergeRequestState } from './mergeRequestApi';
import { MergeRequestHeader } from './MergeRequestHeader';
import { ChangesTab } from './diffs/ChangesTab';
import type { FileEditContext } from './diffs/fileEditRules';
import { DiffExcerpt } from './diffs/DiffExcerpt';
import { positionOf } from './diffs/DiffNotes';
import { MergeRequestCommits } from './MergeRequestTabs';
import { MergeRequestSidebar } from './sidebar/MergeRequestSidebar';
import { ReviewBar } from './review/ReviewBar';
import { useReviewDrafts } from './review/reviewApi';
import { useOverviewReview } from './review/useOverviewReview';
import { liveAwardPermission } from '../awards/liveAwardPermission';

export type MergeRequestTab = 'overview' | 'commits' | 'changes';

/** The merge widget: Merge while open and mergeable for the viewer; merging; merged by; closed; GitLab's refusal texts. */
function MergeWidget({ data, projectPath }: { data: MergeRequestPageData; projectPath: string }) {
  const mr = data.mergeRequest;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const merge = async () => {
    setBusy(true);
    setError(null);
    const res = await mergeMergeRequest(projectPath, mr.iid, mr.sha).catch(() => null);
    setBusy(false);
    if (!res?.ok) setError(errorText(res?.data, 'Merge failed. Please try again.'));
    await queryClient.invalidateQueries({ queryKey: mergeRequestPageKey(projectPath, mr.iid) });
  };
  return (
    <div className="mr-widget" data-testid="mr-widget" data-state={mr.state}>
      {mr.state === 'merged' && (
        <span data-testid="mr-merged-by">
          Merged by {mr.merged_by?.name ?? 'someone'} {mr.merge_commit_sha ? <code>{mr.merge_commit_sha.slice(0, 8)}</code> : null}
        </span>
      )}
      {mr.state === 'closed' && <span>Closed</span>}
      {mr.state === 'opened' && (
        <>
          <span>
            {mr.has_conflicts ? 'Merge blocked: merge conflicts must be resolved.' : mr.draft ? 'Merge blocked: this merge request is a draft.' : 'Ready to merge!'}
          </span>
          {data.permissions.canMerge && (
            <button type="button" className="btn btn-confirm" disabled={busy || mr.draft} aria-busy={busy} onClick={() => void merge()} data-testid="mr-merge-button">
              {busy ? 'Merging…' : 'Merge'}
            </button>
          )}
        </>
      )}
      {error && (
        <Alert variant="danger" onDismiss={() => setError(null)} testId="mr-merge-error">
          {error}
        </Alert>
      )}
    </div>
  );
}

/** The merge request page's body: header, merge widget, tabs (Overview with the discussion and the sidebar, Commits, Changes). */
export function MergeRequestView({ data, projectPath, initialTab = 'overview' }: { data: MergeRequestPageData; projectPath: string; initialTab?: MergeRequestTab }) {
  const mr = data.mergeRequest;
  const queryClient = useQueryClient();
  const currentUser = useAtomValue(currentUserAtom, { store: appStore });
  const [tab, setTab] = useState<MergeRequestTab>(initialTab);
  const review = useReviewDrafts(projectPath, mr.iid, data.permissions.canCreateNote);
  const refreshDrafts = review.refresh;
  const onDraftsChange = useCallback(() => void refreshDrafts(), [refreshDrafts]);
  // Applying a suggestion is pushing to the source branch of an open merge request: the same rule as merging (developers, open)
  const threadReview = useOverviewReview({ projectPath, iid: mr.iid, drafts: data.permissions.canCreateNote ? review.drafts : null, onDraftsChange, canApply: data.permissions.canApplySuggestions, canReceiveSuggestion: data.can_receive_suggestion });
  // Each diff file's "Edit in single-file editor": the source branch where it lives, pushed to as suggestions are applied
  const sourceProjectPath = data.sourceProjectPath === undefined ? projectPath : data.sourceProjectPath;
  const fileEdit = useMemo<FileEditContext>(
    () => ({ sourceProjectPath, sourceBranch: mr.source_branch, projectPath, iid: mr.iid, open: mr.state === 'opened', canPush: data.permissions.canApplySuggestions, canFork: data.permissions.canForkProject === true }),
    [sourceProjectPath, mr.source_branch, projectPath, mr.iid, mr.state, data.permissions.canApplySuggestions, data.permissions.canForkProject],
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = `${mergeRequestStreamPath(projectPath)}#${mr.iid}`;
  // Most threads are on no line: no excerpt component for them at all
  const renderDiscussionHeader = useCallback((d: ApiDiscussion) => (positionOf(d) ? <DiffExcerpt discussion={d} projectPath={projectPath} iid={mr.iid} /> : null), [projectPath, mr.iid]);
  // The page's live right to react (as the issue page's): a note that arrived live carries no viewer flags
  const canAwardNow = liveAwardPermission(data.permissions, mr.discussion_locked);
  const renderAwards = useCallback(
    (note: ApiNote) => <NoteAwardsBar note={note} projectPath={mergeRequestStreamPath(projectPath)} iid={mr.iid} issueId={mr.id} canAward={canAwardNow} />,
    [projectPath, mr.iid, mr.id, canAwardNow],
  );
  const toggle = async (e: 'CLOSE' | 'REOPEN') => {
    setBusy(true);
    setError(null);
    const res = await setMergeRequestState(projectPath, mr.iid, e === 'CLOSE' ? 'close' : 'reopen').catch(() => null);
    setBusy(false);
    if (!res?.ok) setError(T.toggleFailed(e === 'CLOSE' ? 'closing' : 'reopening'));
    await queryClient.invalidateQueries({ queryKey: mergeRequestPageKey(projectPath, mr.iid) });
  };
  const noteable: DiscussionNoteable = {
    type: 'MergeRequest', key, path: projectPath, editorProjectPath: projectPath, iid: mr.iid, id: mr.id, state: mr.state === 'merged' ? 'merged' : mr.state, confidential: false,
    discussionLocked: mr.discussion_locked, authorId: mr.author?.id ?? null, permissions: data.permissions, notesData: data.notesData, notesFilters: data.notesData.notesFilters,
    lastFetchedAt: data.lastFetchedAt,
  };
  return (
    <div className="mr-page" data-testid="merge-request-page">
      <MergeRequestHeader mergeRequest={mr} projectPath={projectPath} permissions={data.permissions} />
      <p className="mr-branches">
        {mr.author?.name ?? DISCUSSION_TEXTS.deletedUser} requested to merge <code>{mr.source_branch}</code> into <code>{mr.target_branch}</code> · {mr.reference}
      </p>
      <NoteableHistory restBase={mergeRequestRestBase(projectPath, mr.iid)} streamPath={mergeRequestStreamPath(projectPath)} iid={mr.iid} kind="MergeRequest" />
      <div className="mr-tabs" role="tablist">
        {(['overview', 'commits', 'changes'] as const).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => setTab(t)} data-testid={`mr-tab-${t}`}>
            {t === 'overview' ? 'Overview' : t === 'commits' ? 'Commits' : 'Changes'}
          </button>
        ))}
      </div>
      {tab === 'overview' && (
        <div className="mr-layout">
          <div className="mr-main">
            {/* description_html is rendered and sanitised on the server */}
            <div className="md description" data-testid="mr-description" dangerouslySetInnerHTML={{ __html: mr.description_html }} />
            <MergeWidget data={data} projectPath={projectPath} />
            {error && (
              <Alert variant="danger" onDismiss={() => setError(null)} testId="mr-state-error">
                {error}
              </Alert>
            )}
            <AwardsBar awardableType="MergeRequest" awardableId={mr.id} awards={data.awards} canAward={data.permissions.canAwardEmoji} toggleUrl={`/${projectPath}/-/merge_requests/${mr.iid}/toggle_award_emoji`} currentUser={currentUser} />
            <DiscussionArea noteable={noteable} stateToggle={{ busy, toggle }} renderAwards={renderAwards} renderDiscussionHeader={renderDiscussionHeader} review={threadReview} />
          </div>
          <MergeRequestSidebar data={data} projectPath={projectPath} />
        </div>
      )}
      {tab === 'commits' && <MergeRequestCommits projectPath={projectPath} iid={mr.iid} />}
      <ReviewBar projectPath={projectPath} iid={mr.iid} count={review.drafts.length} notes={review.drafts.map((d) => d.note)} onSubmitted={() => void review.refresh()} />
      {tab === 'changes' && (
        <ChangesTab
          projectPath={projectPath} iid={mr.iid} discussions={{ key, id: mr.id }} comment={data.permissions.canCreateNote ? { projectPath, iid: mr.iid } : null}
          canApplySuggestions={data.permissions.canApplySuggestions}
          canReceiveSuggestion={data.can_receive_suggestion}
          fileEdit={fileEdit}
          noteableAuthorId={mr.author?.id ?? null}
        />
      )}
    </div>
  );
}
