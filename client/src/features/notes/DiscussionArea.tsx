import { useMemo, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { DISCUSSION_TEXTS, NOTES_FILTER, noteablePaths, type ApiNote, type IssuePageData, type IssuePermissions } from '@tandem/shared-types';
import { connectionStateAtom, socketGivenUpAtom } from '../../realtime/realtimeAtoms';
import { appStore } from '../../shared/store';
import { Alert } from '../../shared/ui/Alert';
import { issueAtomFamily } from '../issue/issueAtoms';
import { currentUserAtom } from '../session/sessionAtoms';
import { CommentForm, type StateToggle } from './CommentForm';
import { CommentingBlocked } from './CommentingBlocked';
import { CommentWarning } from './CommentWarning';
import { DiscussionList } from './DiscussionList';
import { DiscussionSkeleton } from './DiscussionSkeleton';
import { nextUnresolved, resolveCounts, visibleDiscussions } from './discussionRules';
import { FilteredNotice } from './FilteredNotice';
import { NotesContext, type NotesContextValue } from './NotesContext';
import { NotesToolbar } from './NotesToolbar';
import { useDiscussions } from './useDiscussions';
import { useNotesPolling } from './useNotesPolling';
import { useNotesView } from './useNotesView';
import { useOutbox } from './useOutbox';
import { useReplyShortcut } from './useReplyShortcut';
import { useNoteAnchor } from './useNoteAnchor';
import './notes.css';

interface DiscussionAreaProps {
  data: IssuePageData;
  issueKey: string;
  /** The page's close/reopen (useIssueStateToggle), shared with the header button. */
  stateToggle: { busy: boolean; toggle(event: 'CLOSE' | 'REOPEN'): Promise<void> };
  /** The emoji awards bar under each note (features/awards AwardsBar), wired where the page is composed. */
  renderAwards?: (note: ApiNote) => ReactNode;
  /** Keystrokes in comment boxes (presence: "is typing"). */
  onTyping?: () => void;
  /** Shown just above the comment form (who else is typing). */
  formHeader?: ReactNode;
}

/** The issue's activity: its discussions, live for everyone watching, and the comment form. */
export function DiscussionArea({ data, issueKey, stateToggle, renderAwards, onTyping, formHeader }: DiscussionAreaProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey), { store: appStore })!;
  const currentUser = useAtomValue(currentUserAtom, { store: appStore });
  const connection = useAtomValue(connectionStateAtom, { store: appStore });
  const givenUp = useAtomValue(socketGivenUpAtom, { store: appStore });
  const projectPath = data.project.path_with_namespace;
  const paths = useMemo(() => noteablePaths(projectPath, issue.iid, issue.id), [projectPath, issue.iid, issue.id]);
  const view = useNotesView(data.notesData?.notesFilter ?? NOTES_FILTER.all);
  const { discussions, loadingMore, failed } = useDiscussions(issueKey, paths.discussions, view.filter, view.persist);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pollFailed, setPollFailed] = useState(false);
  useNotesPolling(issueKey, paths.notes, data.lastFetchedAt, connection !== 'open', () => setPollFailed(true));

  // The lock is live (issue.updated discussion_locked): who may comment follows it at once
  const permissions = useMemo(() => withLiveLock(data.permissions, issue.discussion_locked), [data.permissions, issue.discussion_locked]);
  const blocked = !currentUser ? 'signedOut' : data.notesData?.isProjectArchived ? 'archived' : !permissions.canCreateNote && issue.discussion_locked ? 'locked' : null;
  const canComment = !blocked && permissions.canCreateNote;
  const ctx: NotesContextValue = useMemo(
    () => ({ issueKey, projectPath, iid: issue.iid, noteableId: issue.id, paths, permissions, currentUser, noteableAuthorId: issue.author?.id ?? null, canReply: canComment && !view.timeline, setError, setNotice, renderAwards, onTyping }),
    [issueKey, projectPath, issue.iid, issue.id, paths, permissions, currentUser, issue.author?.id, canComment, view.timeline, renderAwards, onTyping],
  );
  useOutbox(issueKey, paths.createNote, issue.id, connection === 'open' || givenUp, setError);
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
    issueState: issue.state,
    canToggle: issue.state === 'closed' ? data.permissions.canReopenIssue : data.permissions.canUpdateIssue,
    busy: stateToggle.busy,
    toggle: stateToggle.toggle,
  };
  const form = blocked ? (
    <CommentingBlocked reason={blocked} />
  ) : !canComment ? null : view.filter === NOTES_FILTER.history ? (
    <FilteredNotice onFilter={view.setFilter} />
  ) : (
    <div className="comment-area">
      <CommentWarning confidential={issue.confidential} locked={issue.discussion_locked} />
      {formHeader}
      <CommentForm state={toggle} />
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
          <NotesToolbar filter={view.filter} sort={view.sort} timeline={view.timeline} counts={counts} onFilter={view.setFilter} onSort={view.setSort} onTimeline={view.toggleTimeline} onJumpToUnresolved={jump} />
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
        {shown ? <DiscussionList discussions={shown} newestFirst={newestFirst} loadingMore={loadingMore} /> : <DiscussionSkeleton count={data.notesData?.prerenderedNotesCount ?? 1} />}
        {!newestFirst && form}
      </section>
    </NotesContext.Provider>
  );
}

/** The page's flags with `canCreateNote` for the discussion's current lock state. */
function withLiveLock(p: IssuePermissions, locked: boolean): IssuePermissions {
  const canCreateNote = locked ? p.canCreateNoteWhenLocked : p.canCreateNoteWhenUnlocked;
  return canCreateNote === p.canCreateNote ? p : { ...p, canCreateNote, canCreateInternalNote: p.canCreateInternalNote && canCreateNote };
}
