import { useAtomValue } from 'jotai';
import { NOTE_FORM_TEXTS } from '@tandem/shared-types';
import { currentUserAtom } from '../session/sessionAtoms';
import { appStore } from '../../shared/store';
import { Avatar } from '../../shared/ui/Avatar';
import { useNotesContext } from './NotesContext';
import type { PendingNote } from './pendingNotesAtoms';
import { flushOutbox } from './sendNote';
import { applyingCommandsText, withoutCommands } from './quickActions';

/** A comment not yet stored: its text as typed, greyed, with "Pending" when it waits for the connection. */
export function PendingNoteItem({ pending, reply }: { pending: PendingNote; reply?: boolean }) {
  const me = useAtomValue(currentUserAtom, { store: appStore });
  const { issueKey, paths, noteableId, setError } = useNotesContext();
  // Sends the issue's kept comments now, in order, each with its own key (a lost answer never doubles one)
  const retry = () => void flushOutbox(issueKey, paths.createNote, noteableId).then((errors) => errors.length && setError(errors[0]!));
  // A merge request's comment names its own commands (the paths say which noteable this is)
  const noteableType = paths.createNote.includes('target_type=merge_request') ? 'MergeRequest' : undefined;
  const applying = pending.status === 'sending' ? applyingCommandsText(pending.note, noteableType) : null;
  return (
    <li className={`note note--pending${reply ? ' note--reply' : ''}`} data-testid="pending-note" data-status={pending.status} aria-busy={pending.status === 'sending'}>
      <div className="note__avatar">{me && <Avatar user={me} size={reply ? 26 : 40} decorative />}</div>
      <div className="note__main">
        <div className="note-header">
          <span className="note-header__name">{me?.name}</span>
          {pending.status === 'queued' && (
            <span className="badge badge--pending" title={NOTE_FORM_TEXTS.pendingQueued}>
              {NOTE_FORM_TEXTS.pending}
            </span>
          )}
        </div>
        {withoutCommands(pending.note, noteableType) && <div className="note-body__saving">{withoutCommands(pending.note, noteableType)}</div>}
        {applying && <p className="note-edited">{applying}</p>}
        {pending.status === 'queued' && (
          <p className="note-edited">
            {NOTE_FORM_TEXTS.pendingQueued}{' '}
            <button type="button" className="btn btn--sm btn--tertiary" onClick={retry}>
              {NOTE_FORM_TEXTS.retryNow}
            </button>
          </p>
        )}
      </div>
    </li>
  );
}
