import { NOTE_FORM_TEXTS, type ApiNote } from '@tandem/shared-types';
import { RelativeTime } from '../../shared/ui/RelativeTime';

/** "Edited 3 minutes ago by Alice" under an edited note. */
export function NoteEdited({ note }: { note: ApiNote }) {
  if (!note.last_edited_at) return null;
  return (
    <p className="note-edited" data-testid="note-edited">
      {NOTE_FORM_TEXTS.edited} <RelativeTime iso={note.last_edited_at} />
      {note.last_edited_by && (
        <>
          {' '}
          by <a href={`/${note.last_edited_by.username}`}>{note.last_edited_by.name}</a>
        </>
      )}
    </p>
  );
}
