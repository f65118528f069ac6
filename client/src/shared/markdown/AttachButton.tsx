import { useId, useRef } from 'react';
import { Paperclip } from 'lucide-react';
import { MARKDOWN_EDITOR_TEXTS } from '@tandem/shared-types';
import './markdownHelpers.css';

interface AttachButtonProps {
  onFiles(files: FileList | null): void;
  uploading: boolean;
  error: string | null;
}

/** "Attach a file or image": opens the file chooser; shows the upload in progress and a refusal. */
export function AttachButton({ onFiles, uploading, error }: AttachButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className="md-attach">
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        className="md-attach__input"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="md-attach-input"
        onChange={(e) => {
          onFiles(e.target.files);
          e.target.value = '';
        }}
      />
      <button type="button" className="btn btn--tertiary btn--small" onClick={() => input.current?.click()}>
        <Paperclip size={14} aria-hidden="true" /> {MARKDOWN_EDITOR_TEXTS.attachFile}
      </button>
      <span aria-live="polite" className="muted">
        {uploading ? 'Uploading…' : ''}
      </span>
      {error && (
        <span className="field-error" role="alert" data-testid="md-attach-error">
          {error}
        </span>
      )}
    </div>
  );
}
