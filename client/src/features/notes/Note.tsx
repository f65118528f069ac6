import { useState, type ReactNode } from 'react';
import { ABUSE_TEXTS, DISCUSSION_TEXTS, type ApiNote } from '@tandem/shared-types';
import { Avatar } from '../../shared/ui/Avatar';
import { spriteIcon } from '../../shared/ui/Icon';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { AssignCommenter } from './AssignCommenter';
import { canEditNote } from './discussionRules';
import { NoteBody } from './NoteBody';
import { NoteEditForm } from './NoteEditForm';
import { NoteHeader } from './NoteHeader';
import { useNotesContext } from './NotesContext';
import { useNoteEditing } from './useNoteEditing';

interface NoteProps {
  note: ApiNote;
  /** Replies are smaller (26 px avatars) than a thread's first note (40 px). */
  reply?: boolean;
  onReply?: () => void;
  /** Extra actions in the note's action bar (resolve on a thread's first note). */
  actions?: ReactNode;
}

/** One comment: header, server-rendered body, its awards slot, and the actions the viewer may take. */
export function Note({ note, reply, onReply, actions }: NoteProps) {
  const { editorProjectPath, currentUser, renderAwards, review, iid, noteableId, noteableAuthorId, paths, permissions } = useNotesContext();
  const edit = useNoteEditing(note);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const mine = canEditNote(note, currentUser?.id ?? null);
  const deletedUser = { name: DISCUSSION_TEXTS.deletedUser, username: 'ghost', avatar_url: null };

  return (
    <div className={`note${reply ? ' note--reply' : ''}${note.internal ? ' note--internal' : ''}${edit.deleting ? ' note--deleting' : ''}`} id={`note_${note.id}`} data-testid="note" data-note-id={note.id} data-discussion-id={note.discussion_id}>
      <div className="note__avatar">
        <Avatar user={note.author ?? deletedUser} size={reply ? 26 : 40} decorative />
      </div>
      <div className="note__main">
        <div className="note__top">
          <NoteHeader note={note} noteableAuthor={!!note.author && note.author.id === noteableAuthorId} />
          <div className="note__actions">
            {actions}
            {/* An issue's (an epic has no assignees): who may assign may assign the note's author */}
            {editorProjectPath !== null && permissions.canAdmin && !note.system && note.author && <AssignCommenter note={note} />}
            {/* Report abuse: a signed-in reader, on someone else's note that has a report path (the server's: comments on issues and merge requests) */}
            {note.report_abuse_path && currentUser && note.author && note.author.id !== currentUser.id && (
              <a className="btn btn--icon btn--tertiary" aria-label={ABUSE_TEXTS.reportAbuse} title={ABUSE_TEXTS.reportAbuse} href={note.report_abuse_path}>
                {spriteIcon('flag', 14)}
              </a>
            )}
            {onReply && (
              <button type="button" className="btn btn--icon btn--tertiary" aria-label="Reply to comment" title="Reply to comment" onClick={onReply}>
                {spriteIcon('reply', 14)}
              </button>
            )}
            {mine && !edit.editing && (
              <>
                <button type="button" className="btn btn--icon btn--tertiary" aria-label="Edit comment" title="Edit comment" onClick={() => edit.setEditing(true)} disabled={edit.deleting}>
                  {spriteIcon('pencil', 14)}
                </button>
                <button type="button" className="btn btn--icon btn--tertiary" aria-label="Delete comment" title="Delete comment" onClick={() => setConfirmDelete(true)} disabled={edit.deleting}>
                  {spriteIcon('trash', 14)}
                </button>
              </>
            )}
          </div>
        </div>
        {edit.editing ? (
          <NoteEditForm
            noteable={{ iid, id: noteableId }}
            initial={edit.editText}
            original={note.note}
            onTextChange={edit.saveDraft}
            projectPath={editorProjectPath}
            sources={paths}
            remoteChanged={edit.remoteChanged}
            onSave={(t) => {
              edit.clearRestore();
              void edit.save(t);
            }}
            onCancel={edit.cancel}
          />
        ) : (
          <NoteBody note={note} savingText={edit.savingText}>
            {review?.noteExtra(note)}
            {renderAwards?.(note)}
          </NoteBody>
        )}
      </div>
      {/* Mounted while asked: a closed dialog is still several components under every note */}
      {confirmDelete && (
        <ConfirmDialog
          open
          title="Delete comment"
          message={DISCUSSION_TEXTS.confirmDelete('comment')}
          confirmLabel="Delete comment"
          danger
          onConfirm={() => {
            setConfirmDelete(false);
            void edit.remove();
          }}
          onOpenChange={setConfirmDelete}
        />
      )}
    </div>
  );
}
