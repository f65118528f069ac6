import { DISCUSSION_TEXTS, type ApiNote } from '@tandem/shared-types';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { DescriptionVersionCompare } from './DescriptionVersionCompare';
import { SystemNoteIcon } from './SystemNoteIcon';

/** A compact timeline row for a system note: its icon, who, what, then when (GitLab's order), small and grey. */
export function SystemNote({ note }: { note: ApiNote }) {
  const { author } = note;
  return (
    <li className="system-note" id={`note_${note.id}`} data-testid="system-note" data-note-id={note.id}>
      <span className="system-note__icon" aria-hidden="true">
        <SystemNoteIcon name={note.system_note_icon_name} />
      </span>
      <div className="system-note__content">
        {author ? (
          <a className="system-note__author" href={author.path || `/${author.username}`}>
            <span className="note-header__name">{author.name}</span> <span className="note-header__username">@{author.username}</span>
          </a>
        ) : (
          <span className="note-header__name">{DISCUSSION_TEXTS.deletedUser}</span>
        )}{' '}
        {/* note_html is rendered and sanitised on the server */}
        <span className="system-note__text md" dangerouslySetInnerHTML={{ __html: note.note_html }} />
        <span aria-hidden="true">·</span>
        <a className="note-header__time" href={`#note_${note.id}`}>
          <RelativeTime iso={note.created_at} />
        </a>
        <DescriptionVersionCompare note={note} />
      </div>
    </li>
  );
}
