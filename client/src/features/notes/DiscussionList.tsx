import { useAtomValue } from 'jotai';
import { NOTE_FORM_TEXTS, type ApiDiscussion } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { Discussion } from './Discussion';
import { useNotesContext } from './NotesContext';
import { PendingNoteItem } from './PendingNoteItem';
import { pendingNotesAtomFamily } from './pendingNotesAtoms';

/** The discussions in display order, with new comments still pending at the end the form is on. */
export function DiscussionList({ discussions, newestFirst, loadingMore }: { discussions: ApiDiscussion[]; newestFirst: boolean; loadingMore: boolean }) {
  const { issueKey } = useNotesContext();
  const pending = useAtomValue(pendingNotesAtomFamily(issueKey), { store: appStore }).filter((p) => !p.replyTo);
  const pendingItems = pending.map((p) => <PendingNoteItem key={p.key} pending={p} />);
  return (
    <>
      <ul className="discussion-list" data-testid="discussion-list" aria-busy={loadingMore}>
        {newestFirst && pendingItems}
        {discussions.map((d) => (
          <Discussion key={d.id} discussion={d} />
        ))}
        {!newestFirst && pendingItems}
      </ul>
      {loadingMore && <p className="muted notes-loading-more">{NOTE_FORM_TEXTS.loadingMore}</p>}
      {!loadingMore && discussions.length === 0 && pending.length === 0 && <p className="muted notes-empty">{NOTE_FORM_TEXTS.noComments}</p>}
    </>
  );
}
