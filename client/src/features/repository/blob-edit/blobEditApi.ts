import { FILE_EDIT_TEXTS } from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../../shared/api/http';

/** A file as the editor opens it: where it is, its text, and the last commit that touched it there (the files API's last_commit_id). */
export interface EditableBlob {
  ref: string;
  path: string;
  fileName: string;
  /** null: not text (a NUL byte or not UTF-8), so not edited in the browser. */
  content: string | null;
  lastCommitId: string;
}

interface ApiFile {
  file_name: string;
  file_path: string;
  content: string;
  last_commit_id: string;
}

const fileUrl = (projectPath: string, path: string) => `${projectApiPath(projectPath)}/repository/files/${encodeURIComponent(path)}`;

/** Text of a file's bytes, or null when they are not text (git's rule: a NUL in the first 8,000 bytes; or not UTF-8). */
export function textOf(base64: string): string | null {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (bytes.subarray(0, 8000).includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Opens `<ref>/<path>` of the edit URL: the ref may hold slashes, so the longest leading run of
 * segments that the files API finds the file at wins (GitLab's ExtractsRef). null: not found.
 */
export async function loadEditableBlob(projectPath: string, refAndPath: string): Promise<EditableBlob | null> {
  const segments = refAndPath.split('/').filter(Boolean);
  for (let i = segments.length - 1; i >= 1; i--) {
    const ref = segments.slice(0, i).join('/');
    const path = segments.slice(i).join('/');
    const res = await requestJson<ApiFile>(`${fileUrl(projectPath, path)}?ref=${encodeURIComponent(ref)}`);
    if (res.ok && res.data) return { ref, path, fileName: res.data.file_name, content: textOf(res.data.content), lastCommitId: res.data.last_commit_id };
    if (res.status !== 404 && res.status !== 400) throw new Error(errorText(res.data, FILE_EDIT_TEXTS.loadFailed));
  }
  return null;
}

export interface BlobCommit {
  /** The branch the editor opened; the commit goes there, or to a new branch started from it. */
  ref: string;
  targetBranch: string;
  path: string;
  content: string;
  commitMessage: string;
  lastCommitId: string;
}

/** PUT .../repository/files/:path (GitLab's update): ok, or the server's message (a stale last_commit_id: GitLab's "changed since you started editing"). */
export async function commitBlob(projectPath: string, c: BlobCommit): Promise<{ ok: true } | { ok: false; message: string }> {
  const body: Record<string, string> = { branch: c.targetBranch, content: c.content, commit_message: c.commitMessage, last_commit_id: c.lastCommitId };
  if (c.targetBranch !== c.ref) body.start_branch = c.ref;
  const res = await requestJson<unknown>(fileUrl(projectPath, c.path), { method: 'PUT', body, captchaRetry: false }).catch(() => null);
  if (res?.ok) return { ok: true };
  return { ok: false, message: res ? errorText(res.data, FILE_EDIT_TEXTS.commitFailed) : FILE_EDIT_TEXTS.commitFailed };
}
