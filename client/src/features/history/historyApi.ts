import { HISTORY_PAGE_SIZE, type HistoryPage } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';

export class HistoryLoadError extends Error {}

/** The REST prefix of an issue (the history and resource event routes hang off it). */
export const issueRestBase = (projectPath: string, iid: number) => `/api/v4/projects/${encodeURIComponent(projectPath)}/issues/${iid}`;

/** The REST prefix of an epic. */
export const epicRestBase = (groupPath: string, iid: number) => `/api/v4/groups/${encodeURIComponent(groupPath)}/epics/${iid}`;

/** Pages asked at once after the first. */
const PARALLEL = 3;

async function pageAfter(restBase: string, after: number, signal?: AbortSignal): Promise<HistoryPage> {
  const res = await requestJson<HistoryPage>(`${restBase}/history?after_seq=${after}`, { signal });
  if (!res.ok) throw new HistoryLoadError(`history: ${res.status}`);
  return res.data;
}

/**
 * Every page of the history, in seq order. A page holds the log's next HISTORY_PAGE_SIZE seqs
 * (seqs have no holes), so after the first, which tells the head, the rest are asked a few at a
 * time; a page that overlaps the next is harmless (the timeline skips seqs it has).
 */
export async function fetchHistory(restBase: string, signal?: AbortSignal): Promise<HistoryPage[]> {
  const first = await pageAfter(restBase, 0, signal);
  if (first.next_after_seq === null) return [first];
  const starts: number[] = [];
  for (let after = first.next_after_seq; after < first.head_seq; after += HISTORY_PAGE_SIZE) starts.push(after);
  const rest: HistoryPage[] = new Array(starts.length);
  let next = 0;
  const worker = async () => {
    for (let k = next++; k < starts.length; k = next++) rest[k] = await pageAfter(restBase, starts[k]!, signal);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, starts.length) }, worker));
  // Events written while the pages loaded, past the head the first page saw
  const last = rest[rest.length - 1];
  const tail = last && last.next_after_seq !== null ? await fetchHistoryFrom(restBase, last.next_after_seq, signal) : [];
  return [first, ...rest, ...tail];
}

async function fetchHistoryFrom(restBase: string, after: number, signal?: AbortSignal): Promise<HistoryPage[]> {
  const pages: HistoryPage[] = [];
  for (let a: number | null = after; a !== null; ) {
    const page = await pageAfter(restBase, a, signal);
    pages.push(page);
    a = page.next_after_seq;
  }
  return pages;
}
