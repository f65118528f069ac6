import { useState, type FormEvent } from 'react';
import { FILE_EDIT_TEXTS } from '@tandem/shared-types';
import { Alert } from '../../../shared/ui/Alert';
import { commitBlob, type EditableBlob } from './blobEditApi';
import './blobEdit.css';

interface Props {
  projectPath: string;
  blob: EditableBlob & { content: string };
  /** Where Cancel goes (the merge request the user came from, or the project). */
  cancelHref: string;
  /** After a commit (the merge request it came from reopens; otherwise the form stays with the new text as its base). */
  onCommitted: (branch: string) => void;
}

/**
 * GitLab's single-file editor (its blob edit page): the file's text in a monospace editor, a
 * commit message defaulting to "Update <file name>", the target branch, Commit changes and
 * Cancel. The commit carries the last_commit_id the page loaded: a change to the file meanwhile
 * is refused with GitLab's message, shown here, and the text typed stays in the editor.
 */
export function BlobEditForm({ projectPath, blob, cancelHref, onCommitted }: Props) {
  const [content, setContent] = useState(blob.content);
  const [message, setMessage] = useState(FILE_EDIT_TEXTS.defaultCommitMessage(blob.fileName));
  const [branch, setBranch] = useState(blob.ref);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const res = await commitBlob(projectPath, { ref: blob.ref, targetBranch: branch.trim(), path: blob.path, content, commitMessage: message, lastCommitId: blob.lastCommitId });
    setBusy(false);
    if (res.ok) onCommitted(branch.trim());
    else setError(res.message);
  };
  return (
    <form className="blob-edit" onSubmit={(e) => void submit(e)} data-testid="blob-edit-form">
      <div className="blob-edit-file">
        <span className="blob-edit-path" data-testid="blob-edit-path">{blob.path}</span>
        <textarea
          className="blob-edit-content"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          spellCheck={false}
          aria-label={blob.fileName}
          data-testid="blob-edit-content"
        />
      </div>
      {error && (
        <Alert variant="danger" onDismiss={() => setError(null)} testId="blob-edit-error">
          {error}
        </Alert>
      )}
      <label className="blob-edit-field">
        <span>{FILE_EDIT_TEXTS.commitMessage}</span>
        <textarea value={message} onChange={(e) => setMessage(e.target.value)} required rows={3} data-testid="blob-edit-message" />
      </label>
      <label className="blob-edit-field">
        <span>{FILE_EDIT_TEXTS.targetBranch}</span>
        <input type="text" value={branch} onChange={(e) => setBranch(e.target.value)} required data-testid="blob-edit-branch" />
      </label>
      <div className="blob-edit-actions">
        <button type="submit" className="btn btn--confirm" disabled={busy || !message.trim() || !branch.trim()} aria-busy={busy} data-testid="blob-edit-commit">
          {busy ? FILE_EDIT_TEXTS.committing : FILE_EDIT_TEXTS.commitChanges}
        </button>
        <a className="btn" href={cancelHref} data-testid="blob-edit-cancel">
          {FILE_EDIT_TEXTS.cancel}
        </a>
      </div>
    </form>
  );
}
