import { useEffect, useRef, useState } from 'react';
import { DISCUSSION_TEXTS, NOTE_FORM_TEXTS } from '@tandem/shared-types';
import { MarkdownEditor } from '../../shared/markdown/MarkdownEditor';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useNotesContext } from './NotesContext';
import { useNoteForm } from './useNoteForm';

/** The reply box inside a thread; cancelling with text asks first (spec §5). */
export function ReplyForm({ discussionId, quote, onClose }: { discussionId: string; quote: string; onClose(): void }) {
  const { editorProjectPath, onTyping, iid, noteableId, paths } = useNotesContext();
  const form = useNoteForm(discussionId);
  const [confirming, setConfirming] = useState(false);
  const ref = useRef<HTMLTextAreaElement | null>(null);

  useEffect(() => {
    if (quote) form.setText(`${form.text ? `${form.text}\n` : ''}${quote}`);
    ref.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quote]);

  const cancel = () => (form.text.trim() ? setConfirming(true) : onClose());
  const submit = async () => {
    if (await form.submit()) onClose();
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
        <button type="submit" className="btn btn--confirm btn--sm" disabled={!form.text.trim() || form.submitting}>
          Reply
        </button>
        <button type="button" className="btn btn--sm" onClick={cancel}>
          Cancel
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Cancel reply"
        message={DISCUSSION_TEXTS.confirmCancelReply}
        confirmLabel="Discard reply"
        danger
        onConfirm={() => {
          setConfirming(false);
          form.setText('');
          onClose();
        }}
        onOpenChange={setConfirming}
      />
    </form>
  );
}
