import { useQuery } from '@tanstack/react-query';
import type { AbuseCategory, ApiAbuseReport } from '@tandem/shared-types';
import { requestJson, type JsonResponse } from '../../shared/api/http';

/** POST /-/abuse_reports: a report about an issue's or a merge request's (`noteable_type`) author, or (`note_id`) a comment's on either. */
export function sendAbuseReport(body: { project_path: string; iid: number; noteable_type?: 'MergeRequest'; note_id?: number; category: AbuseCategory; message: string }): Promise<JsonResponse<{ id?: number; message?: string; errors?: string[] }>> {
  return requestJson('/-/abuse_reports', { method: 'POST', body });
}

/** POST {issue}/mark_as_spam (admins). */
export function markIssueAsSpam(endpoint: string): Promise<JsonResponse<{ message?: string; web_url?: string; errors?: string[] }>> {
  return requestJson(`${endpoint}/mark_as_spam`, { method: 'POST' });
}

/** The admins' list (GitLab's GET /api/v4/admin/abuse_reports), newest first. */
export function useAbuseReports() {
  return useQuery({
    queryKey: ['admin', 'abuse_reports'],
    queryFn: async ({ signal }) => {
      const res = await requestJson<ApiAbuseReport[]>('/api/v4/admin/abuse_reports?per_page=100', { signal });
      if (!res.ok || !Array.isArray(res.data)) throw Object.assign(new Error('abuse reports failed'), { status: res.status });
      return res.data;
    },
    retry: false,
  });
}
