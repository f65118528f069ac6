import { useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { NOTE_FORM_TEXTS } from '@tandem/shared-types';
import { EyeOff } from 'lucide-react';
import { MarkdownEditor } from '../../shared/markdown/MarkdownEditor';
import { appStore } from '../../shared/store';
import { lastOwnNote } from './discussionRules';
import { discussionsAtomFamily, editRequestAtom } from './notesAtoms';
import { useNotesContext } from './NotesContext';
import { NoteTypeChoice } from './NoteTypeChoice';
import { EmailParticipantsWarning } from './EmailParticipantsWarning';
import { useNoteForm } from './useNoteForm';

export interface StateToggle {
  /** What the button closes: 'Close issue' or 'Close epic'. */
  noteableType?: 'Issue' | 'Epic' | 'MergeRequest';
  /** 'opened' or 'closed'. */
  issueState: string;
  canToggle: boolean;
  busy: boolean;
  toggle(event: 'CLOSE' | 'REOPEN'): Promise<void>;
}

/**
 * The new-comment form: Comment or Start thread, Ctrl/Cmd+Enter, the close/reopen button beside
 * it (comment and close; alone it only toggles the state), and Up in an empty box to edit the last own note.
 */
export function CommentForm({ state, emailParticipants = [] }: { state: StateToggle; emailParticipants?: readonly string[] }) {
  const { issueKey, editorProjectPath, currentUser, onTyping, iid, noteableId, permissions, paths } = useNotesContext();
  const form = useNoteForm();
  const [thread, setThread] = useState(false);
  // Spec §5: the internal-note checkbox shows only to those who may write internal notes
  const [internal, setInternal] = useState(false);
  const mayInternal = permissions.canCreateInternalNote;
  const ref = useRef<HTMLTextAreaElement | null>(null);
  const list = useAtomValue(discussionsAtomFamily(issueKey), { store: appStore });
  const closed = state.issueState === 'closed';
  const empty = !form.text.trim();

  const sendOpts = () => ({ thread, internal: mayInternal && internal });
  const submit = async () => {
    if (await form.submit(sendOpts())) {
      setThread(false);
      setInternal(false);
    }
  };
  const submitAndToggle = async () => {
    if (!empty && !(await form.submit(sendOpts()))) return;
    setInternal(false);
    await state.toggle(closed ? 'REOPEN' : 'CLOSE');
  };
  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'ArrowUp' || form.text !== '' || !currentUser || !list) return;
    const last = lastOwnNote(list, currentUser.id);
    if (!last) return;
    e.preventDefault();
    appStore.set(editRequestAtom, { noteId: last.id, n: Date.now() });
  };
  const noun = state.noteableType === 'Epic' ? 'epic' : state.noteableType === 'MergeRequest' ? 'merge request' : 'issue';
  const toggleLabel = closed ? (empty ? `Reopen ${noun}` : `Comment & reopen ${noun}`) : empty ? `Close ${noun}` : `Comment & close ${noun}`;

  return (
    <form
      className="note-form comment-form"
      data-testid="comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {/* An internal note is mailed to nobody outside */}
      {!(mayInternal && internal) && <EmailParticipantsWarning emails={emailParticipants} />}
      <MarkdownEditor
        value={form.text}
        onChange={(text) => {
          form.setText(text);
          onTyping?.();
        }}
        onSubmit={() => void submit()}
        onKeyDown={keyDown}
        textareaRef={ref}
        previewProjectPath={editorProjectPath}
        sources={paths}
        noteable={{ iid, id: noteableId }}
        placeholder={NOTE_FORM_TEXTS.commentPlaceholder}
        disabled={form.submitting}
        label="Comment"
      />
      {mayInternal && (
        <label className="comment-form__internal" title={NOTE_FORM_TEXTS.internalHelp}>
          <input type="checkbox" checked={internal} disabled={form.submitting} onChange={(e) => setInternal(e.target.checked)} data-testid="internal-note-checkbox" />
          <EyeOff size={14} aria-hidden="true" /> {NOTE_FORM_TEXTS.internalCheckbox}
        </label>
      )}
      <div className="note-form__actions">
        <div className="split-button" role="group" aria-label="Comment type">
          <button type="submit" className="btn btn--confirm btn--sm" disabled={empty || form.submitting} data-testid="comment-submit">
            {submitLabel(thread, mayInternal && internal)}
          </button>
          <NoteTypeChoice thread={thread} disabled={form.submitting} onChange={setThread} />
        </div>
        {state.canToggle && (
          <button type="button" className="btn btn--sm" disabled={state.busy || form.submitting} onClick={() => void submitAndToggle()}>
            {toggleLabel}
          </button>
        )}
      </div>
    </form>
  );
}

function submitLabel(thread: boolean, internal: boolean): string {
  if (internal) return thread ? NOTE_FORM_TEXTS.startInternalThread : NOTE_FORM_TEXTS.addInternalNote;
  return thread ? 'Start thread' : 'Comment';
}
