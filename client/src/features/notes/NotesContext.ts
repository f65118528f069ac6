import { createContext, useContext } from 'react';
import type { ApiDiscussion, ApiNote, CurrentUser, IssuePermissions, noteablePaths } from '@tandem/shared-types';

/** What every part of one issue's discussion area needs to know (given once by DiscussionArea). */
export interface NotesContextValue {
  issueKey: string;
  /** The stream path: an issue's project path, or an epic's `groups/<group path>` (epicStreamPath). */
  projectPath: string;
  /** The project the comment boxes preview for; null on an epic (a preview without project). Uploads and autocomplete go to `paths` (an epic's: its group's). */
  editorProjectPath: string | null;
  iid: number;
  noteableId: number;
  paths: ReturnType<typeof noteablePaths>;
  permissions: IssuePermissions;
  currentUser: CurrentUser | null;
  /** The issue's author: their notes wear the Author badge (spec §6 badges). */
  noteableAuthorId: number | null;
  /** Reply is offered (not in timeline view, commenting possible). */
  canReply: boolean;
  /** Shows an error above the list (null clears it). */
  setError(message: string | null): void;
  /** Shows a passing notice (quick actions applied). */
  setNotice(message: string | null): void;
  /** Where the emoji awards bar of a note goes (wired by the integrator: features/awards AwardsBar). */
  renderAwards?: (note: ApiNote) => React.ReactNode;
  renderDiscussionHeader?: (discussion: ApiDiscussion) => React.ReactNode;
  /** Batch review in threads (merge requests): see DiscussionReview. */
  review?: DiscussionReview;
  /** Called on each keystroke in a comment box (the page announces "is typing"). */
  onTyping?: () => void;
}

/**
 * What a merge request page adds to its threads (wired where the page is composed): under a
 * note its code suggestions; under a thread the viewer's pending replies; a diff thread's reply
 * form with batch review (null: the plain reply form).
 */
export interface DiscussionReview {
  noteExtra: (note: ApiNote) => React.ReactNode;
  footer: (discussion: ApiDiscussion) => React.ReactNode;
  /** The viewer's pending replies to the discussion: an individual note with one shows as a thread, the draft under it. */
  pendingCount: (discussion: ApiDiscussion) => number;
  replyForm: (discussion: ApiDiscussion, close: () => void, quote: string) => React.ReactNode | null;
}

export const NotesContext = createContext<NotesContextValue | null>(null);

export function useNotesContext(): NotesContextValue {
  const ctx = useContext(NotesContext);
  if (!ctx) throw new Error('useNotesContext outside DiscussionArea');
  return ctx;
}
