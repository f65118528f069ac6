import type { LinkType, RelatedIssue } from '@tandem/shared-types';
import { requestJson, type JsonResponse } from '../../shared/api/http';

export const relatedIssuesKey = (projectPath: string, iid: number) => ['related-issues', projectPath, iid] as const;

export interface RelatedIssuesAnswer {
  issuables?: RelatedIssue[];
  message?: string;
}

export async function fetchRelatedIssues(url: string): Promise<RelatedIssue[]> {
  const res = await requestJson<RelatedIssue[]>(url);
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data;
}

/** POST {issuable_references, link_type} -> {issuables, message?} */
export function addRelatedIssues(url: string, references: string[], linkType: LinkType): Promise<JsonResponse<RelatedIssuesAnswer | null>> {
  return requestJson(url, { method: 'POST', body: { issuable_references: references, link_type: linkType } });
}

export function removeRelatedIssue(url: string): Promise<JsonResponse<RelatedIssuesAnswer | null>> {
  return requestJson(url, { method: 'DELETE' });
}

/** PUT {epic: {move_before_id, move_after_id}}: the link ids that end up above and below the moved one. */
export function reorderRelatedIssue(url: string, moveBeforeId: number | null, moveAfterId: number | null): Promise<JsonResponse<RelatedIssuesAnswer | null>> {
  return requestJson(url, { method: 'PUT', body: { epic: { move_before_id: moveBeforeId, move_after_id: moveAfterId } } });
}

/** Issues of the project matching `term` (by iid or title), from its autocomplete source. */
export async function searchIssues(sourceUrl: string, term: string, signal: AbortSignal): Promise<Array<{ iid: number; title: string }>> {
  const res = await requestJson<Array<{ iid: number; title: string }>>(`${sourceUrl}&search=${encodeURIComponent(term)}`, { signal });
  return res.ok && Array.isArray(res.data) ? res.data : [];
}
