import type { HistoryPage } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';

export class HistoryLoadError extends Error {}

/** The REST prefix of an issue (the history and resource event routes hang off it). */
export const issueRestBase = (projectPath: string, iid: number) => `/api/v4/projects/${encodeURIComponent(projectPath)}/issues/${iid}`;

/** Every page of the history, in order (the server answers at most HISTORY_PAGE_SIZE events a page). */
export async function fetchHistory(restBase: string, signal?: AbortSignal): Promise<HistoryPage[]> {
  const pages: HistoryPage[] = [];
  for (let after = 0; ; ) {
    const res = await requestJson<HistoryPage>(`${restBase}/history?after_seq=${after}`, { signal });
    if (!res.ok) throw new HistoryLoadError(`history: ${res.status}`);
    pages.push(res.data);
    if (res.data.next_after_seq === null) return pages;
    after = res.data.next_after_seq;
  }
}

/** The REST prefix of an epic. */
export const epicRestBase = (groupPath: string, iid: number) => `/api/v4/groups/${encodeURIComponent(groupPath)}/epics/${iid}`;
