import { useMemo, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { DISCUSSION_TEXTS, NOTES_FILTER, noteablePathsOf, type ApiDiscussion, type ApiNote, type IssuePageData, type IssuePermissions, type NotesFilterOption } from '@tandem/shared-types';
import { connectionStateAtom, socketGivenUpAtom } from '../../realtime/realtimeAtoms';
import { liveAwardPermission } from '../awards/liveAwardPermission';
import { appStore } from '../../shared/store';
import { Alert } from '../../shared/ui/Alert';
import { currentUserAtom } from '../session/sessionAtoms';
import { CommentForm, type StateToggle } from './CommentForm';
import { CommentingBlocked } from './CommentingBlocked';
import { CommentWarning } from './CommentWarning';
import { DiscussionList } from './DiscussionList';
import { DiscussionSkeleton } from './DiscussionSkeleton';
import { nextUnresolved, resolveCounts, visibleDiscussions } from './discussionRules';
import { FilteredNotice } from './FilteredNotice';
import { NotesContext, type DiscussionReview, type NotesContextValue } from './NotesContext';
import { NotesToolbar } from './NotesToolbar';
import { useDiscussions } from './useDiscussions';
import { useNotesPolling } from './useNotesPolling';
import { useNotesView } from './useNotesView';
import { useOutbox } from './useOutbox';
import { useReplyShortcut } from './useReplyShortcut';
import { useNoteAnchor } from './useNoteAnchor';
import './notes.css';

/**
 * The noteable whose discussion this is, as the page knows it now (live fields follow its
 * events): an issue (issueDiscussionNoteable) or an epic (the epic page's). The area is the
 * same for both; only these facts and the paths differ.
 */
export interface DiscussionNoteable {
  type: 'Issue' | 'Epic' | 'MergeRequest';
  /** The stream key (`${streamPath}#${iid}`): discussions, pending notes and drafts live under it. */
  key: string;
  /** An issue's project path, or an epic's group path (for its paths). */
  path: string;
  /** The project comment boxes preview and upload for (null on an epic). */
  editorProjectPath: string | null;
  iid: number;
  id: number;
  state: string;
  confidential: boolean;
  /** Epics do not lock: always false for them. */
  discussionLocked: boolean;
  authorId: number | null;
  permissions: IssuePermissions;
  notesData?: IssuePageData['notesData'];
  /** The discussion filter's choices from the page data (merge requests); GitLab's three otherwise. */
  notesFilters?: readonly NotesFilterOption[];
  lastFetchedAt: number;
  /** Who outside the project a public comment is mailed to (a Service Desk issue's external author, while Service Desk is on). */
  emailParticipants?: string[];
}

/** An issue page's noteable: its page data and the issue as its atom holds it now. */
export function issueDiscussionNoteable(
  data: Pick<IssuePageData, 'project' | 'permissions' | 'notesData' | 'lastFetchedAt'>,
  key: string,
  issue: { iid: number; id: number; state: string; confidential: boolean; discussion_locked: boolean; author?: { id: number } | null; service_desk_reply_to?: string | null },
): DiscussionNoteable {
  const path = data.project.path_with_namespace;
  // The server mails a public comment to the external author only while Service Desk is on (ServiceDeskNotifier)
  const emailParticipants = data.project.service_desk_enabled && issue.service_desk_reply_to ? [issue.service_desk_reply_to] : [];
  return {
    type: 'Issue', key, path, editorProjectPath: path, iid: issue.iid, id: issue.id, state: issue.state, confidential: issue.confidential,
    discussionLocked: issue.discussion_locked, authorId: issue.author?.id ?? null, permissions: data.permissions, notesData: data.notesData, lastFetchedAt: data.lastFetchedAt,
    emailParticipants,
  };
}

interface DiscussionAreaProps {
  noteable: DiscussionNoteable;
  /** The page's close/reopen (useIssueStateToggle), shared with the header button. */
  stateToggle: { busy: boolean; toggle(event: 'CLOSE' | 'REOPEN'): Promise<void> };
  /** The emoji awards bar under each note (features/awards AwardsBar), wired where the page is composed. */
  renderAwards?: (note: ApiNote) => ReactNode;
  /** Above a thread's first note (merge requests: a diff thread's file and code excerpt). */
  renderDiscussionHeader?: (discussion: ApiDiscussion) => ReactNode;
  /** Batch review and code suggestions in threads (merge requests). */
  review?: DiscussionReview;
  /** Keystrokes in comment boxes (presence: "is typing"). */
  onTyping?: () => void;
  /** Shown just above the comment form (who else is typing). */
  formHeader?: ReactNode;
}

/** The noteable's activity: its discussions, live for everyone watching, and the comment form. */
export function DiscussionArea({ noteable: n, stateToggle, renderAwards, renderDiscussionHeader, review, onTyping, formHeader }: DiscussionAreaProps) {
  const issueKey = n.key;
  const currentUser = useAtomValue(currentUserAtom, { store: appStore });
  const connection = useAtomValue(connectionStateAtom, { store: appStore });
  const givenUp = useAtomValue(socketGivenUpAtom, { store: appStore });
  const projectPath = n.type === 'Epic' ? `groups/${n.path}` : n.type === 'MergeRequest' ? `${n.path}/-/merge_requests` : n.path;
  const paths = useMemo(() => noteablePathsOf(n.type, n.path, n.iid, n.id), [n.type, n.path, n.iid, n.id]);
  // The saved filter is the server's, per noteable type; the sort is kept per noteable type in local storage
  const view = useNotesView(n.notesData?.notesFilter ?? NOTES_FILTER.all, n.type === 'MergeRequest' ? 'merge_request' : 'issue');
  const { discussions, loadingMore, failed } = useDiscussions(issueKey, paths.discussions, view.filter, view.persist);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pollFailed, setPollFailed] = useState(false);
  useNotesPolling(issueKey, paths.notes, n.lastFetchedAt, connection !== 'open', () => setPollFailed(true));

  // The lock is live (issue.updated discussion_locked): who may comment follows it at once
  const permissions = useMemo(() => withLiveLock(n.permissions, n.discussionLocked), [n.permissions, n.discussionLocked]);
  const blocked = !currentUser ? 'signedOut' : n.notesData?.isProjectArchived ? 'archived' : !permissions.canCreateNote && n.discussionLocked ? 'locked' : null;
  const canComment = !blocked && permissions.canCreateNote;
  const editorProjectPath = n.editorProjectPath;
  const ctx: NotesContextValue = useMemo(
    () => ({ issueKey, projectPath, editorProjectPath, iid: n.iid, noteableId: n.id, paths, permissions, currentUser, noteableAuthorId: n.authorId, canReply: canComment && !view.timeline, setError, setNotice, renderAwards, renderDiscussionHeader, review, onTyping }),
    [issueKey, projectPath, editorProjectPath, n.iid, n.id, paths, permissions, currentUser, n.authorId, canComment, view.timeline, renderAwards, renderDiscussionHeader, review, onTyping],
  );
  useOutbox(issueKey, paths.createNote, n.id, connection === 'open' || givenUp, setError);
  useNoteAnchor(!!discussions, discussions);
  useReplyShortcut(ctx.canReply);

  const shown = useMemo(() => (discussions ? visibleDiscussions(discussions, view) : null), [discussions, view]);
  const counts = useMemo(() => resolveCounts(shown ?? []), [shown]);
  const [lastJump, setLastJump] = useState<string | null>(null);
  const jump = () => {
    const next = shown && nextUnresolved(shown, lastJump);
    if (!next) return;
    setLastJump(next.id);
    document.querySelector(`[data-discussion-id="${next.id}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const toggle: StateToggle = {
    noteableType: n.type,
    issueState: n.state,
    canToggle: n.state === 'closed' ? n.permissions.canReopenIssue : n.permissions.canUpdateIssue,
    busy: stateToggle.busy,
    toggle: stateToggle.toggle,
  };
  const form = blocked ? (
    <CommentingBlocked reason={blocked} />
  ) : !canComment ? null : view.filter === NOTES_FILTER.history ? (
    <FilteredNotice onFilter={view.setFilter} />
  ) : (
    <div className="comment-area">
      <CommentWarning confidential={n.confidential} locked={n.discussionLocked} noteableType={n.type} />
      {formHeader}
      <CommentForm state={toggle} emailParticipants={n.emailParticipants ?? []} />
    </div>
  );
  const newestFirst = view.sort === 'desc';

  return (
    <NotesContext.Provider value={ctx}>
      <section className="notes-area" aria-labelledby="activity-heading" data-testid="notes-area">
        <div className="notes-area__header">
          <h2 id="activity-heading" className="section-title">
            Activity
          </h2>
          <NotesToolbar filter={view.filter} sort={view.sort} timeline={view.timeline} counts={counts} onFilter={view.setFilter} onSort={view.setSort} onTimeline={view.toggleTimeline} onJumpToUnresolved={jump} filters={n.notesFilters} />
        </div>
        <div aria-live="assertive">
          {(error || failed) && (
            <Alert variant="danger" onDismiss={error ? () => setError(null) : undefined} testId="notes-error">
              {error ?? DISCUSSION_TEXTS.fetchFailed}
            </Alert>
          )}
          {notice && (
            <Alert variant="info" onDismiss={() => setNotice(null)} testId="notes-notice">
              {notice}
            </Alert>
          )}
          {pollFailed && connection !== 'open' && (
            <Alert variant="warning" onDismiss={() => setPollFailed(false)} testId="notes-poll-error">
              {DISCUSSION_TEXTS.fetchLatestFailed}
            </Alert>
          )}
        </div>
        {newestFirst && form}
        {shown ? <DiscussionList discussions={shown} newestFirst={newestFirst} loadingMore={loadingMore} /> : <DiscussionSkeleton count={n.notesData?.prerenderedNotesCount ?? 1} />}
        {!newestFirst && form}
      </section>
    </NotesContext.Provider>
  );
}

/**
 * The page's flags for the discussion's current lock state: `canCreateNote` and, as the server
 * rules (a locked discussion takes reactions only from those who may still comment),
 * `canAwardEmoji` (liveAwardPermission).
 */
export function withLiveLock(p: IssuePermissions, locked: boolean): IssuePermissions {
  const canCreateNote = locked ? p.canCreateNoteWhenLocked : p.canCreateNoteWhenUnlocked;
  const canAwardEmoji = liveAwardPermission(p, locked);
  if (canCreateNote === p.canCreateNote && canAwardEmoji === p.canAwardEmoji) return p;
  return { ...p, canCreateNote, canCreateInternalNote: p.canCreateInternalNote && canCreateNote, canAwardEmoji };
}
