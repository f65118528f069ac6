import { HISTORY_CHECKPOINT_EVERY, type HistoryPage, type HistorySnapshotPage } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';

export class HistoryLoadError extends Error {}

/** The REST prefix of an issue (the history and resource event routes hang off it). */
export const issueRestBase = (projectPath: string, iid: number) => `/api/v4/projects/${encodeURIComponent(projectPath)}/issues/${iid}`;

/** The REST prefix of an epic. */
export const epicRestBase = (groupPath: string, iid: number) => `/api/v4/groups/${encodeURIComponent(groupPath)}/epics/${iid}`;

/** The REST prefix of a merge request. */
export const mergeRequestRestBase = (projectPath: string, iid: number) => `/api/v4/projects/${encodeURIComponent(projectPath)}/merge_requests/${iid}`;

async function get<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await requestJson<T>(url, { signal });
  if (!res.ok) throw new HistoryLoadError(`history: ${res.status}`);
  return res.data;
}

/** The page that shows one step (`atSeq`, or the last at or before `at`), or without either the last events: the state before them comes with it. */
export function fetchSnapshot(restBase: string, where: { atSeq?: number; at?: string; perPage?: number }, signal?: AbortSignal): Promise<HistorySnapshotPage> {
  const q = new URLSearchParams();
  if (where.atSeq !== undefined) q.set('at_seq', String(where.atSeq));
  else if (where.at !== undefined) q.set('at', where.at);
  if (where.perPage !== undefined) q.set('per_page', String(where.perPage));
  const qs = q.toString();
  return get<HistorySnapshotPage>(`${restBase}/history/snapshot${qs ? `?${qs}` : ''}`, signal);
}

/** The events after `after` (a page of at most HISTORY_PAGE_SIZE). */
export const fetchAfter = (restBase: string, after: number, signal?: AbortSignal) => get<HistoryPage>(`${restBase}/history?after_seq=${after}`, signal);

/** The page before a stretch that starts from the state at `from`: back to the checkpoint before it (the server keeps one every HISTORY_CHECKPOINT_EVERY seqs), or the start. */
export function fetchEarlier(restBase: string, from: number, startSeq: number, signal?: AbortSignal): Promise<HistorySnapshotPage> {
  const lo = Math.max(startSeq, Math.floor((from - 1) / HISTORY_CHECKPOINT_EVERY) * HISTORY_CHECKPOINT_EVERY);
  return fetchSnapshot(restBase, { atSeq: lo + 1, perPage: from - lo }, signal);
}
