import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiDiffPosition, ApiDraftNote } from '@tandem/shared-types';
import { projectApiPath, requestJson, type JsonResponse } from '../../../shared/api/http';

/** The signed-in reviewer's pending drafts on a merge request (GitLab's draft notes API; only the author sees them). */
export const draftsKey = (projectPath: string, iid: number) => ['merge-request', projectPath, iid, 'draft-notes'] as const;

const draftsPath = (projectPath: string, iid: number) => `${projectApiPath(projectPath)}/merge_requests/${iid}/draft_notes`;

export async function fetchDrafts(projectPath: string, iid: number): Promise<ApiDraftNote[]> {
  const res = await requestJson<ApiDraftNote[]>(draftsPath(projectPath, iid));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.data;
}

export interface NewDraft {
  note: string;
  position?: ApiDiffPosition | null;
  in_reply_to_discussion_id?: string | null;
  resolve_discussion?: boolean;
}

export const createDraft = (projectPath: string, iid: number, draft: NewDraft): Promise<JsonResponse<ApiDraftNote>> =>
  requestJson<ApiDraftNote>(draftsPath(projectPath, iid), { method: 'POST', body: draft });

/** A draft's change (GitLab's PUT draft_notes/:id): here its resolve_discussion, toggled on its pending card. */
export const updateDraft = (projectPath: string, iid: number, id: number, change: { resolve_discussion: boolean }) =>
  requestJson<ApiDraftNote>(`${draftsPath(projectPath, iid)}/${id}`, { method: 'PUT', body: change });

export const deleteDraft = (projectPath: string, iid: number, id: number) => requestJson<null>(`${draftsPath(projectPath, iid)}/${id}`, { method: 'DELETE' });

export const publishDraft = (projectPath: string, iid: number, id: number) => requestJson<null>(`${draftsPath(projectPath, iid)}/${id}/publish`, { method: 'PUT' });

/** The review bar's summary field: where a draft's publish button takes the reviewer. */
export const REVIEW_SUMMARY_ID = 'review-summary';

/** Submit review: every draft, and the optional summary comment, published at once. */
export const submitReview = (projectPath: string, iid: number, summary: string) =>
  requestJson<null>(`${draftsPath(projectPath, iid)}/bulk_publish`, { method: 'POST', body: summary.trim() ? { note: summary } : {} });

/** The drafts (empty for a signed-out viewer: `enabled` false) and a refresh after a change. */
const NO_DRAFTS: ApiDraftNote[] = [];

export function useReviewDrafts(projectPath: string, iid: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: draftsKey(projectPath, iid), queryFn: () => fetchDrafts(projectPath, iid), enabled });
  // Stable between renders: the Overview's thread hooks are memoised on them
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: draftsKey(projectPath, iid) }), [queryClient, projectPath, iid]);
  return { drafts: q.data ?? NO_DRAFTS, refresh };
}
