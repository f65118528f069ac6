import { useCallback, useState, type ClipboardEvent, type DragEvent, type RefObject } from 'react';
import { CSRF_HEADER, DISCUSSION_LIMITS, MARKDOWN_EDITOR_TEXTS } from '@tandem/shared-types';
import { csrfTokenAtom } from '../../features/session/sessionAtoms';
import { errorText } from '../api/http';
import { appStore } from '../store';

export interface UploadAnswer {
  alt: string;
  url: string;
  markdown: string;
}

const MiB = 1024 * 1024;

/** POST multipart `file` to the project's uploads path -> {alt, url, markdown}; an HTTP error rejects with the server's message. */
export async function uploadFile(url: string, file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { accept: 'application/json' };
  const csrf = appStore.get(csrfTokenAtom);
  if (csrf) headers[CSRF_HEADER] = csrf;
  const res = await fetch(url, { method: 'POST', body: form, headers, credentials: 'same-origin' });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok || !data || typeof (data as UploadAnswer).markdown !== 'string') throw new Error(errorText(data, MARKDOWN_EDITOR_TEXTS.attachFailed));
  return data as UploadAnswer;
}

/**
 * Attachments for a markdown textarea: a file (button, paste or drop) is uploaded; meanwhile
 * "{Uploading name...}" stands at the caret, then the returned markdown replaces it. A refused
 * upload removes the placeholder and says why.
 */
export function useAttachments(ref: RefObject<HTMLTextAreaElement | null>, uploadUrl: string, onChange: (text: string) => void) {
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const upload = useCallback(
    async (file: File) => {
      setError(null);
      if (file.size > DISCUSSION_LIMITS.uploadMaxBytes) {
        setError(MARKDOWN_EDITOR_TEXTS.fileTooBig((file.size / MiB).toFixed(2), String(DISCUSSION_LIMITS.uploadMaxBytes / MiB)));
        return;
      }
      const el = ref.current;
      const placeholder = MARKDOWN_EDITOR_TEXTS.uploading(file.name);
      const text = el?.value ?? '';
      const at = el ? el.selectionEnd : text.length;
      const lead = at > 0 && !/\s$/.test(text.slice(0, at)) ? ' ' : '';
      onChange(`${text.slice(0, at)}${lead}${placeholder}${text.slice(at)}`);
      setUploading((n) => n + 1);
      // The text may change while the file travels: replace the placeholder where it now is
      const current = () => ref.current?.value ?? '';
      try {
        const answer = await uploadFile(uploadUrl, file);
        onChange(current().replace(placeholder, answer.markdown));
      } catch (e) {
        onChange(current().replace(`${lead}${placeholder}`, '').replace(placeholder, ''));
        setError(e instanceof Error && e.message && e.message !== 'Failed to fetch' ? e.message : MARKDOWN_EDITOR_TEXTS.attachFailed);
      } finally {
        setUploading((n) => n - 1);
      }
    },
    [onChange, ref, uploadUrl],
  );

  const uploadAll = useCallback(
    (files: FileList | File[] | null | undefined) => {
      for (const f of Array.from(files ?? [])) void upload(f);
    },
    [upload],
  );

  /** Spread onto the textarea: pasted and dropped files are uploaded. */
  const textareaProps = {
    onPaste(e: ClipboardEvent<HTMLTextAreaElement>) {
      if (e.clipboardData?.files?.length) {
        e.preventDefault();
        uploadAll(e.clipboardData.files);
      }
    },
    onDragOver(e: DragEvent<HTMLTextAreaElement>) {
      if (e.dataTransfer?.types?.includes('Files')) e.preventDefault();
    },
    onDrop(e: DragEvent<HTMLTextAreaElement>) {
      if (e.dataTransfer?.files?.length) {
        e.preventDefault();
        uploadAll(e.dataTransfer.files);
      }
    },
  };

  return { upload, uploadAll, uploading: uploading > 0, error, clearError: () => setError(null), textareaProps };
}
