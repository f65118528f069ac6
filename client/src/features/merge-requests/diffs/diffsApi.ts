import { blobDiffPath, type ApiDiffFile, type ApiDiffLine, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { requestJson } from '../../../shared/api/http';
import { mergeRequestChangesKey } from '../mergeRequestApi';

/** Under mergeRequestChangesKey, so merge_request.updated (a push) reads the diff again. */
export const diffsKey = (projectPath: string, iid: number, hideWhitespace: boolean) => [...mergeRequestChangesKey(projectPath, iid), 'diffs', hideWhitespace] as const;

export async function fetchDiffs(projectPath: string, iid: number, hideWhitespace: boolean): Promise<MergeRequestDiffsResponse> {
  const res = await requestJson<MergeRequestDiffsResponse>(`/${projectPath}/-/merge_requests/${iid}/diffs.json${hideWhitespace ? '?w=1' : ''}`);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.data;
}

/** One file with all its lines ("Show file contents"). */
export async function fetchDiffForPath(projectPath: string, iid: number, fileHash: string, hideWhitespace: boolean): Promise<ApiDiffFile> {
  const res = await requestJson<ApiDiffFile>(`/${projectPath}/-/merge_requests/${iid}/diff_for_path.json?file_hash=${fileHash}${hideWhitespace ? '&w=1' : ''}`);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.data;
}

/** Context expansion: lines `since`..`to` of `path` at `sha` (old side numbered new - offset), from the repository. */
export async function fetchBlobLines(projectPath: string, sha: string, path: string, q: { since: number; to: number; offset: number }): Promise<ApiDiffLine[]> {
  const res = await requestJson<ApiDiffLine[]>(blobDiffPath(projectPath, sha, path, q));
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data;
}
