import { useState } from 'react';
import { DISCUSSION_TEXTS } from '@tandem/shared-types';
import type { EditorSources } from '../../shared/markdown/autocompleteSources';
import { MarkdownEditor } from '../../shared/markdown/MarkdownEditor';
import { Alert } from '../../shared/ui/Alert';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';

interface NoteEditFormProps {
  initial: string;
  /** The note's text: cancelling asks first when the box differs from it (a restored draft does). */
  original?: string;
  projectPath: string | null;
  /** The issue the note is on (autocomplete, uploads). */
  noteable: { iid: number; id: number };
  /** Where attachments and suggestions go (the noteable's paths; an epic's group's). */
  sources?: EditorSources | null;
  /** The note changed on the server while this form was open. */
  remoteChanged: boolean;
  onSave(text: string): void;
  onCancel(): void;
  /** Each change of the text (the edit's draft is autosaved). */
  onTextChange?(text: string): void;
}

/** Edits a note's text; cancelling with changes asks first (spec §5). */
export function NoteEditForm({ initial, original = initial, projectPath, noteable, sources, remoteChanged, onSave, onCancel, onTextChange }: NoteEditFormProps) {
  const [text, setTextState] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const setText = (value: string) => {
    setTextState(value);
    onTextChange?.(value);
  };
  const cancel = () => (text !== original ? setConfirming(true) : onCancel());
  const save = () => {
    if (text.trim()) onSave(text);
  };
  return (
    <form
      className="note-form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      {remoteChanged && (
        <Alert variant="warning" testId="note-remote-change">
          {DISCUSSION_TEXTS.remoteChangeWhileEditing}
        </Alert>
      )}
      <MarkdownEditor value={text} onChange={setText} onSubmit={save} onCancel={cancel} previewProjectPath={projectPath} noteable={noteable} sources={sources} label="Edit comment" autoFocus />
      <div className="note-form__actions">
        <button type="submit" className="btn btn--confirm btn--sm" disabled={!text.trim()}>
          Save comment
        </button>
        <button type="button" className="btn btn--sm" onClick={cancel}>
          Cancel
        </button>
      </div>
      <ConfirmDialog open={confirming} title="Cancel editing" message={DISCUSSION_TEXTS.confirmCancelEdit} confirmLabel="Cancel editing" danger onConfirm={onCancel} onOpenChange={setConfirming} />
    </form>
  );
}
