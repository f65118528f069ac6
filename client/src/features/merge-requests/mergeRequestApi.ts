import { MERGE_REQUEST_LIMITS, type ApiCommit, type ApiMergeRequest, type ApiProject, type CanCreateBranchResponse, type MergeRequestPageData, type RefsResponse } from '@tandem/shared-types';
import { projectApiPath, requestJson, type JsonResponse } from '../../shared/api/http';

export const mergeRequestPageKey = (projectPath: string, iid: number) => ['merge-request-page', projectPath, iid] as const;
export const mergeRequestCommitsKey = (projectPath: string, iid: number) => ['merge-request-commits', projectPath, iid] as const;
export const mergeRequestChangesKey = (projectPath: string, iid: number) => ['merge-request-changes', projectPath, iid] as const;
export const relatedMergeRequestsKey = (projectPath: string, iid: number) => ['related-merge-requests', projectPath, iid] as const;

const must = <T>(res: JsonResponse<T>): T => {
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.data;
};

/** The merge request page's start; null when it does not exist for the viewer. */
export async function fetchMergeRequestPage(projectPath: string, iid: number): Promise<MergeRequestPageData | null> {
  const res = await requestJson<MergeRequestPageData>(`/${projectPath}/-/merge_requests/${iid}/page.json`);
  if (res.status === 404) return null;
  return must(res);
}

export const fetchCommits = async (projectPath: string, iid: number) => must(await requestJson<ApiCommit[]>(`${projectApiPath(projectPath)}/merge_requests/${iid}/commits`));

export const fetchChanges = async (projectPath: string, iid: number) =>
  must(await requestJson<ApiMergeRequest & { changes: Array<{ old_path: string; new_path: string; diff: string; new_file: boolean; deleted_file: boolean; renamed_file: boolean }> }>(`${projectApiPath(projectPath)}/merge_requests/${iid}/changes`));

/** PUT .../merge: the merged merge request, or GitLab's message. */
export const mergeMergeRequest = (projectPath: string, iid: number, sha: string | null) =>
  requestJson<ApiMergeRequest & { message?: string }>(`${projectApiPath(projectPath)}/merge_requests/${iid}/merge`, { method: 'PUT', body: sha ? { sha } : {} });

export const setMergeRequestState = (projectPath: string, iid: number, stateEvent: 'close' | 'reopen') =>
  requestJson<ApiMergeRequest>(`${projectApiPath(projectPath)}/merge_requests/${iid}`, { method: 'PUT', body: { state_event: stateEvent } });

/** GET related_merge_requests (GitLab's card reads per_page=100 and the total from X-Total). */
export const fetchRelatedMergeRequests = async (projectPath: string, iid: number) =>
  must(await requestJson<ApiMergeRequest[]>(`${projectApiPath(projectPath)}/issues/${iid}/related_merge_requests?per_page=100`));

export const fetchCanCreateBranch = async (projectPath: string, iid: number) => must(await requestJson<CanCreateBranchResponse>(`/${projectPath}/-/issues/${iid}/can_create_branch`));

export const fetchRefs = async (projectPath: string, search: string) => must(await requestJson<RefsResponse>(`/${projectPath}/-/refs?search=${encodeURIComponent(search)}`));

export const fetchRelatedBranches = async (projectPath: string, iid: number) =>
  must(await requestJson<{ branches: Array<{ name: string; link: string }> }>(`/${projectPath}/-/issues/${iid}/related_branches`));

/** `targetProjectId`: a fork to make the branch in (a confidential issue's private fork). */
export const createBranch = (projectPath: string, iid: number, branchName: string, ref: string, targetProjectId?: number) =>
  requestJson<{ branch: string; url: string }>(`/${projectPath}/-/issues/${iid}/branches`, { method: 'POST', body: { branch_name: branchName, ref, ...(targetProjectId ? { target_project_id: targetProjectId } : {}) } });

export const createMergeRequestFromIssue = (projectPath: string, iid: number, branchName: string, ref: string, targetProjectId?: number) =>
  requestJson<{ url: string; iid: number }>(`/${projectPath}/-/issues/${iid}/create_merge_request`, { method: 'POST', body: { branch_name: branchName, ref, ...(targetProjectId ? { target_project_id: targetProjectId } : {}) } });

/** The forks a confidential issue's merge request may go to (spec §7): merge requests enabled, developer access or more, private. */
export const fetchPrivateForks = async (projectPath: string) =>
  must(
    await requestJson<ApiProject[]>(
      `${projectApiPath(projectPath)}/forks?with_merge_requests_enabled=true&min_access_level=${MERGE_REQUEST_LIMITS.minimumForkAccessLevel}&visibility=private&per_page=100`,
    ),
  );

/** POST /projects/:id/fork: a private fork in the user's namespace (the no-fork state's link). */
export const forkPrivately = (projectPath: string) => requestJson<ApiProject>(`${projectApiPath(projectPath)}/fork`, { method: 'POST', body: { visibility: 'private' } });
