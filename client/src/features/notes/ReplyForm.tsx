import { useEffect, useRef, useState } from 'react';
import { NOTE_FORM_TEXTS, type ApiDiscussion } from '@tandem/shared-types';
import { MarkdownEditor } from '../../shared/markdown/MarkdownEditor';
import { useNotesContext } from './NotesContext';
import { useNoteForm } from './useNoteForm';
import { useResolveDiscussion } from './useResolveDiscussion';
import { DiscardReplyDialog } from './DiscardReplyDialog';

/**
 * The reply box inside a thread; cancelling with text asks first (spec §5). `resolvable`: the
 * thread the viewer may resolve, whose toggle resolves (or unresolves) it with the reply, once
 * the reply is in (spec §2: a resolve or unresolve toggle beside the textarea).
 */
export function ReplyForm({ discussionId, quote, onClose, resolvable }: { discussionId: string; quote: string; onClose(): void; resolvable?: ApiDiscussion }) {
  const { editorProjectPath, onTyping, iid, noteableId, paths } = useNotesContext();
  const form = useNoteForm(discussionId);
  const [alsoResolve, setAlsoResolve] = useState(false);
  const resolver = useResolveDiscussion(resolvable ?? null);
  const [confirming, setConfirming] = useState(false);
  const ref = useRef<HTMLTextAreaElement | null>(null);

  useEffect(() => {
    if (quote) form.setText(`${form.text ? `${form.text}\n` : ''}${quote}`);
    ref.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quote]);

  const cancel = () => (form.text.trim() ? setConfirming(true) : onClose());
  const submit = async () => {
    const toggle = alsoResolve && resolvable;
    if (!(await form.submit())) return;
    onClose();
    if (toggle) await resolver.toggle();
  };

  return (
    <form
      className="note-form reply-form"
      data-testid="reply-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <MarkdownEditor
        value={form.text}
        onChange={(text) => {
          form.setText(text);
          onTyping?.();
        }}
        onSubmit={() => void submit()}
        onCancel={cancel}
        textareaRef={ref}
        previewProjectPath={editorProjectPath}
        sources={paths}
        noteable={{ iid, id: noteableId }}
        placeholder={NOTE_FORM_TEXTS.replyPlaceholder}
        disabled={form.submitting}
        label="Reply"
        autoFocus
      />
      <div className="note-form__actions">
        {resolvable && (
          <label className="note-form__resolve">
            <input type="checkbox" checked={alsoResolve} onChange={(e) => setAlsoResolve(e.target.checked)} disabled={form.submitting} />{' '}
            {resolvable.resolved ? NOTE_FORM_TEXTS.replyAndUnresolve : NOTE_FORM_TEXTS.replyAndResolve}
          </label>
        )}
        <button type="submit" className="btn btn--confirm btn--sm" disabled={!form.text.trim() || form.submitting}>
          Reply
        </button>
        <button type="button" className="btn btn--sm" onClick={cancel}>
          Cancel
        </button>
      </div>
      <DiscardReplyDialog
        open={confirming}
        onDiscard={() => {
          setConfirming(false);
          form.setText('');
          onClose();
        }}
        onOpenChange={setConfirming}
      />
    </form>
  );
}
