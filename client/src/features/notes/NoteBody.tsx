import type { ReactNode } from 'react';
import type { ApiNote } from '@tandem/shared-types';
import { NoteEdited } from './NoteEdited';

/**
 * A note's text: the server-rendered, sanitised note_html only (or the plain text being saved,
 * shown optimistically). `children` is the slot under the text where the emoji awards bar goes.
 */
export function NoteBody({ note, savingText, children }: { note: ApiNote; savingText?: string | null; children?: ReactNode }) {
  return (
    <div className="note-body">
      {savingText != null ? (
        <div className="md note-body__saving" aria-busy="true" data-testid="note-text">
          {savingText}
        </div>
      ) : (
        // note_html is rendered and sanitised on the server (MarkdownService)
        <div className="md" data-testid="note-text" dangerouslySetInnerHTML={{ __html: note.note_html }} />
      )}
      {note.last_edited_at && <NoteEdited note={note} />}
      {children}
    </div>
  );
}
