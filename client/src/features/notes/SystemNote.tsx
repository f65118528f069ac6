import type { ApiNote } from '@tandem/shared-types';
import { NoteHeader } from './NoteHeader';
import { SystemNoteIcon } from './SystemNoteIcon';

/** A compact timeline row for a system note: its icon, who, what and when, small and grey. */
export function SystemNote({ note }: { note: ApiNote }) {
  return (
    <li className="system-note" id={`note_${note.id}`} data-testid="system-note" data-note-id={note.id}>
      <span className="system-note__icon" aria-hidden="true">
        <SystemNoteIcon name={note.system_note_icon_name} />
      </span>
      <div className="system-note__content">
        <NoteHeader note={note} />
        {/* note_html is rendered and sanitised on the server */}
        <div className="system-note__text md" dangerouslySetInnerHTML={{ __html: note.note_html }} />
      </div>
    </li>
  );
}
