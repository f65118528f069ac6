import { memo, useEffect, useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { NOTE_FORM_TEXTS, type ApiDiscussion } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { mayResolve, quoteText } from './discussionRules';
import { Note } from './Note';
import { replyRequestAtom } from './notesAtoms';
import { useNotesContext } from './NotesContext';
import { PendingNoteItem } from './PendingNoteItem';
import { pendingNotesAtomFamily } from './pendingNotesAtoms';
import { ReplyForm } from './ReplyForm';
import { ResolveButton } from './ResolveButton';
import { SystemNote } from './SystemNote';
import { useStoreValue } from '../../shared/useStoreValue';

/**
 * A discussion: an individual note, or a thread (collapsible, with replies, resolve and a reply
 * form). An individual note shows as a thread while a reply is written and reverts on cancel.
 * Memoised: a live note re-renders its own discussion, not every one on the page (the list's
 * discussions keep their objects until they change).
 */
export const Discussion = memo(function Discussion({ discussion }: { discussion: ApiDiscussion }) {
  const { issueKey, canReply, permissions, renderDiscussionHeader, review } = useNotesContext();
  const [replying, setReplying] = useState<{ quote: string } | null>(null);
  const [expanded, setExpanded] = useState(!discussion.resolved);
  const request = useStoreValue(replyRequestAtom);
  const pending = useStoreValue(pendingNotesAtomFamily(issueKey)).filter((p) => p.replyTo === discussion.id);
  const [root, ...replies] = discussion.notes;

  useEffect(() => setExpanded(!discussion.resolved), [discussion.resolved]);
  useEffect(() => {
    if (canReply && request?.discussionId === discussion.id) {
      appStore.set(replyRequestAtom, null);
      setReplying({ quote: request.quote });
      setExpanded(true);
    }
  }, [request, discussion.id, canReply]);

  if (!root) return null;
  if (root.system && discussion.notes.length === 1) return <SystemNote note={root} />;

  // A reply being written, sending, or pending in the viewer's review makes an individual note a thread
  const asThread = !discussion.individual_note || replying !== null || pending.length > 0 || (review?.pendingCount(discussion) ?? 0) > 0;
  const openReply = canReply ? () => setReplying({ quote: selectedTextIn(discussion.id) }) : undefined;
  const resolvable = mayResolve(discussion, permissions.canCreateNote);

  return (
    <li className={`discussion${asThread ? ' discussion--thread' : ''}${discussion.resolved ? ' discussion--resolved' : ''}`} data-testid="discussion" data-discussion-id={discussion.id} data-resolved={discussion.resolved}>
      {renderDiscussionHeader?.(discussion)}
      <Note note={root} onReply={openReply} actions={resolvable ? <ResolveButton discussion={discussion} /> : undefined} />
      {asThread && (replies.length > 0 || discussion.resolved) && (
        <button type="button" className="discussion__toggle" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
          {expanded ? 'Collapse replies' : `${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}`}
          {discussion.resolved && discussion.resolved_by && <span className="discussion__resolved-by"> · {NOTE_FORM_TEXTS.resolvedBy(discussion.resolved_by.name)}</span>}
        </button>
      )}
      {asThread && expanded && (
        <ul className="discussion__replies">
          {replies.map((n) =>
            n.system ? (
              <SystemNote key={n.id} note={n} />
            ) : (
              <li key={n.id}>
                <Note note={n} reply />
              </li>
            ),
          )}
          {pending.map((p) => (
            <PendingNoteItem key={p.key} pending={p} reply />
          ))}
        </ul>
      )}
      {asThread && review?.footer(discussion)}
      {asThread && canReply && (
        <div className="discussion__reply">
          {replying ? (
            (review?.replyForm(discussion, () => setReplying(null), replying.quote) ?? <ReplyForm discussionId={discussion.id} quote={replying.quote} onClose={() => setReplying(null)} resolvable={resolvable ? discussion : undefined} />)
          ) : (
            <button type="button" className="discussion__reply-placeholder" onClick={() => setReplying({ quote: '' })}>
              Reply…
            </button>
          )}
        </div>
      )}
    </li>
  );
});

/** The text selected inside this discussion, quoted for a reply ('' when none). */
function selectedTextIn(discussionId: string): string {
  const sel = typeof window === 'undefined' ? null : window.getSelection();
  const text = sel?.toString() ?? '';
  const node = sel?.anchorNode instanceof Element ? sel.anchorNode : sel?.anchorNode?.parentElement;
  if (!text.trim() || node?.closest('[data-discussion-id]')?.getAttribute('data-discussion-id') !== discussionId) return '';
  return quoteText(text);
}
