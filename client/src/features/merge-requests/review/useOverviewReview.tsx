import { useMemo, useState } from 'react';
import { isTextPosition, type ApiDiscussion, type ApiDraftNote } from '@tandem/shared-types';
import type { DiscussionReview } from '../../notes/NotesContext';
import { useNoteForm } from '../../notes/useNoteForm';
import { PendingDraft } from './PendingDraft';
import { ReviewCommentForm, adoptEarlierReplyDraft } from './ReviewCommentForm';
import { SuggestionBlocks } from './SuggestionBlock';
import { useThreadLines } from '../diffs/DiffExcerpt';
import { isOutdated, positionOf } from '../diffs/DiffNotes';

interface OverviewReviewOptions {
  projectPath: string;
  iid: number;
  /** The viewer's pending drafts (null: the viewer may not comment, so no batch review). */
  drafts: readonly ApiDraftNote[] | null;
  onDraftsChange: () => void;
  /** The viewer may apply code suggestions. */
  canApply: boolean;
  /** The merge request takes code suggestions (page data can_receive_suggestion): a diff thread's reply offers Insert suggestion. */
  canReceiveSuggestion?: boolean;
}

/**
 * The Overview's threads as the Changes tab's (discussions.md "Note form", §8 suggestions): a
 * thread's reply (any but one on a commit) offers Start a review / Add to review / Add comment now, its pending
 * replies show under it, and a note's suggestions render with Apply suggestion and Add to batch
 * (one batch for the whole Overview).
 */
export function useOverviewReview({ projectPath, iid, drafts, onDraftsChange, canApply, canReceiveSuggestion = false }: OverviewReviewOptions): DiscussionReview {
  const [batchIds, setBatchIds] = useState<number[]>([]);
  return useMemo(() => {
    const batch = { ids: batchIds, toggle: (id: number) => setBatchIds((b) => (b.includes(id) ? b.filter((x) => x !== id) : [...b, id])), clear: () => setBatchIds([]) };
    return {
      noteExtra: (note) => (note.suggestions?.length ? <SuggestionBlocks note={note} canApply={canApply} batch={batch} /> : null),
      footer: (d) =>
        drafts
          ?.filter((x) => x.discussion_id === d.id)
          .map((x) => <PendingDraft key={x.id} draft={x} projectPath={projectPath} iid={iid} onChange={onDraftsChange} />),
      pendingCount: (d) => drafts?.reduce((n, x) => (x.discussion_id === d.id ? n + 1 : n), 0) ?? 0,
      replyForm: (d, close, quote) =>
        // Batch review for any reply but one on a commit (discussions.md: "shown only for a new note that is not on a commit")
        drafts && !d.for_commit ? (
          <OverviewReplyForm
            projectPath={projectPath}
            iid={iid}
            discussion={d}
            quote={quote}
            pendingCount={drafts.length}
            canReceiveSuggestion={canReceiveSuggestion}
            onCancel={close}
            onDone={(kind) => {
              close();
              // A note now arrives live (note.created); a draft is the viewer's own: read them again
              if (kind === 'draft') onDraftsChange();
            }}
          />
        ) : null,
    };
  }, [batchIds, canApply, canReceiveSuggestion, drafts, iid, onDraftsChange, projectPath]);
}

/**
 * An Overview thread's reply with batch review: "Add comment now" is the issue page reply's send
 * (useNoteForm: its autosave, the outbox while offline, the quick actions' messages), so the
 * two pages' replies behave alike.
 */
function OverviewReplyForm({ projectPath, iid, discussion, quote, pendingCount, canReceiveSuggestion, onCancel, onDone }: { projectPath: string; iid: number; discussion: ApiDiscussion; quote: string; pendingCount: number; canReceiveSuggestion: boolean; onCancel: () => void; onDone: (kind: 'draft' | 'note') => void }) {
  // A reply autosaved under the review form's earlier key moves to the thread's before the form reads it
  useState(() => adoptEarlierReplyDraft(projectPath, iid, discussion.id));
  const form = useNoteForm(discussion.id);
  // A reply in a diff thread still on the diff may suggest a change to the thread's line (its excerpt's last line, read once for both)
  const at = positionOf(discussion);
  const suggestsOn = canReceiveSuggestion && at && isTextPosition(at) && !isOutdated(discussion) ? at : null;
  const threadLines = useThreadLines(discussion, suggestsOn, projectPath, iid).data?.truncated_diff_lines;
  return (
    <ReviewCommentForm
      projectPath={projectPath}
      iid={iid}
      discussion={discussion}
      initialText={quote}
      form={form}
      pendingCount={pendingCount}
      lines={suggestsOn && threadLines?.length ? threadLines.slice(-1) : undefined}
      canReceiveSuggestion={canReceiveSuggestion}
      label="Reply to this thread"
      onCancel={onCancel}
      onDone={onDone}
    />
  );
}
