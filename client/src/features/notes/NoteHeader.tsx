import { EyeOff } from 'lucide-react';
import { DISCUSSION_TEXTS, NOTE_FORM_TEXTS, type ApiNote } from '@tandem/shared-types';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { UserStatusEmoji } from '../../shared/emoji/UserStatusEmoji';
import { knownUserStatusesAtom } from '../user-status/userStatusAtoms';
import { useStoreValue } from '../../shared/useStoreValue';
import './notes.css';

/** Author link, @username, and the time linking to the note's anchor (spec §2 Note header). */
export function NoteHeader({ note, noteableAuthor = false }: { note: ApiNote; noteableAuthor?: boolean }) {
  const { author } = note;
  const status = useStoreValue(knownUserStatusesAtom).get(author?.username ?? '') ?? null;
  return (
    <div className="note-header">
      {author ? (
        <a className="note-header__author" href={author.path || `/${author.username}`} data-testid="note-author">
          <span className="note-header__name">{author.name}</span> <span className="note-header__username">@{author.username}</span>
        </a>
      ) : (
        <span className="note-header__name">{DISCUSSION_TEXTS.deletedUser}</span>
      )}
      {status?.emoji && <UserStatusEmoji status={status} />}
      <span className="note-header__sep" aria-hidden="true">
        ·
      </span>
      <a className="note-header__time" href={`#note_${note.id}`}>
        <RelativeTime iso={note.created_at} />
      </a>
      {noteableAuthor && (
        <span className="badge badge--role" title={NOTE_FORM_TEXTS.authorBadgeTitle} data-testid="note-author-badge">
          {NOTE_FORM_TEXTS.authorBadge}
        </span>
      )}
      {note.human_access && (
        <span className="badge badge--role" title={NOTE_FORM_TEXTS.roleBadgeTitle(note.human_access)} data-testid="note-role-badge">
          {note.human_access}
        </span>
      )}
      {note.is_contributor && (
        <span className="badge badge--role" title={NOTE_FORM_TEXTS.contributorBadgeTitle} data-testid="note-contributor-badge">
          {NOTE_FORM_TEXTS.contributorBadge}
        </span>
      )}
      {note.internal && (
        <span className="badge badge--internal" title={NOTE_FORM_TEXTS.internalBadgeTitle} data-testid="note-internal">
          <EyeOff size={12} aria-hidden="true" /> {NOTE_FORM_TEXTS.internalBadge}
        </span>
      )}
    </div>
  );
}
