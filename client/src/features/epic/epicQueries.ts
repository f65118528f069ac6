import { useQuery } from '@tanstack/react-query';
import { EPIC_TEXTS, type ApiEpic, type ApiIssue, type EpicPageData } from '@tandem/shared-types';
import { errorText, requestJson } from '../../shared/api/http';

const groupApi = (groupPath: string) => `/api/v4/groups/${encodeURIComponent(groupPath)}/epics`;

async function getJson<T>(url: string): Promise<T | null> {
  const res = await requestJson<T>(url);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.data as T;
}

/** One epic (null: not found or not visible) and its issues. */
export function useEpic(groupPath: string, iid: number) {
  return useQuery({
    queryKey: ['epic', groupPath, iid],
    queryFn: async () => {
      const epic = await getJson<ApiEpic>(`${groupApi(groupPath)}/${iid}`);
      const issues = epic ? ((await getJson<Array<ApiIssue & { epic_issue_id: number }>>(`${groupApi(groupPath)}/${iid}/issues`)) ?? []) : [];
      return epic ? { epic, issues } : null;
    },
  });
}

/** The group's epics (descendants included, GitLab's default), searched by the server. */
export function useGroupEpics(groupPath: string, search: string, state: 'opened' | 'closed' | 'all') {
  return useQuery({
    queryKey: ['group-epic-list', groupPath, search, state],
    queryFn: () => getJson<ApiEpic[]>(`${groupApi(groupPath)}?per_page=100&state=${state}${search ? `&search=${encodeURIComponent(search)}` : ''}`),
  });
}

/** The epic page's start (page.json: the epic, the viewer's flags, the stream seq, notes data); null: not found or not visible. */
export function useEpicPage(groupPath: string, iid: number) {
  return useQuery({ queryKey: ['epic-page', groupPath, iid], queryFn: () => getJson<EpicPageData>(`/groups/${groupPath}/-/epics/${iid}/page.json`), staleTime: Infinity, refetchOnWindowFocus: false });
}

/** The epic's issues (refetched when `version` changes: an issue joined or left it). */
export function useEpicIssues(groupPath: string, iid: number, version: number) {
  return useQuery({
    queryKey: ['epic-issues', groupPath, iid, version],
    queryFn: async () => (await getJson<Array<ApiIssue & { epic_issue_id: number }>>(`${groupApi(groupPath)}/${iid}/issues`)) ?? [],
    placeholderData: (prev) => prev,
  });
}

/** Closes or reopens the epic (REST PUT state_event); the page follows through the live event. */
export async function setEpicState(groupPath: string, iid: number, event: 'close' | 'reopen'): Promise<ApiEpic | null> {
  const res = await requestJson<ApiEpic>(`${groupApi(groupPath)}/${iid}`, { method: 'PUT', body: { state_event: event } });
  return res.ok ? res.data : null;
}

/**
 * Saves the epic's title and description (REST PUT) with the lock_version the form edits: the
 * answer, or the HTTP status and the server's message when refused (409: someone saved meanwhile).
 */
export async function updateEpicText(groupPath: string, iid: number, body: { title: string; description: string; lock_version: number }): Promise<{ epic: ApiEpic | null; status: number; error: string | null }> {
  const res = await requestJson<ApiEpic>(`${groupApi(groupPath)}/${iid}`, { method: 'PUT', body });
  return res.ok && res.data ? { epic: res.data, status: res.status, error: null } : { epic: null, status: res.status, error: errorText(res.data, EPIC_TEXTS.updateFailed) };
}

/** The epic as saved now (REST GET), for merging an edit onto it after a 409; null when unavailable. */
export async function fetchEpic(groupPath: string, iid: number): Promise<ApiEpic | null> {
  const res = await requestJson<ApiEpic>(`${groupApi(groupPath)}/${iid}`);
  return res.ok ? res.data : null;
}

/** Turns the epic's confidentiality on or off (REST PUT confidential): the answer, or the server's message. */
export async function setEpicConfidential(groupPath: string, iid: number, confidential: boolean): Promise<{ epic: ApiEpic | null; error: string | null }> {
  const res = await requestJson<ApiEpic>(`${groupApi(groupPath)}/${iid}`, { method: 'PUT', body: { confidential } });
  return res.ok && res.data ? { epic: res.data, error: null } : { epic: null, error: errorText(res.data, EPIC_TEXTS.updateFailed) };
}

/** Deletes the epic (REST DELETE, owners): true when gone. */
export async function deleteEpic(groupPath: string, iid: number): Promise<boolean> {
  const res = await requestJson(`${groupApi(groupPath)}/${iid}`, { method: 'DELETE' });
  return res.ok;
}

/** An issue reference the epic page takes: `group/project#12` or the issue's URL; null otherwise. */
export function parseEpicIssueRef(text: string): { projectPath: string; iid: number } | null {
  const t = text.trim();
  const m = /^(?:https?:\/\/[^/]+)?\/?([\w.-]+(?:\/[\w.-]+)+)(?:#|\/-\/issues\/)(\d{1,9})\/?$/.exec(t);
  return m ? { projectPath: m[1]!, iid: Number(m[2]) } : null;
}

/** Adds the issue to the epic (REST POST epics/:iid/issues/:issue_id, the issue looked up by reference): null when done, else the failure text. */
export async function addIssueToEpic(groupPath: string, iid: number, ref: { projectPath: string; iid: number }): Promise<string | null> {
  const issue = await requestJson<{ id: number }>(`/api/v4/projects/${encodeURIComponent(ref.projectPath)}/issues/${ref.iid}`);
  if (!issue.ok || !issue.data) return EPIC_TEXTS.assignFailed;
  const res = await requestJson(`${groupApi(groupPath)}/${iid}/issues/${issue.data.id}`, { method: 'POST' });
  return res.ok ? null : errorText(res.data, EPIC_TEXTS.assignFailed);
}

/** Removes the issue from the epic (REST DELETE epics/:iid/issues/:epic_issue_id): null when done, else the failure text. */
export async function removeIssueFromEpic(groupPath: string, iid: number, epicIssueId: number): Promise<string | null> {
  const res = await requestJson(`${groupApi(groupPath)}/${iid}/issues/${epicIssueId}`, { method: 'DELETE' });
  return res.ok ? null : EPIC_TEXTS.removeFailed;
}

const epicLinksApi = (groupId: number, iid: number) => `/api/v4/groups/${groupId}/epics/${iid}/epics`;

/** An epic's child epics (GitLab's epic links list), refetched when `version` changes. */
export function useChildEpics(groupId: number, iid: number, version: number) {
  return useQuery({
    queryKey: ['child-epics', groupId, iid, version],
    queryFn: async () => (await getJson<ApiEpic[]>(epicLinksApi(groupId, iid))) ?? [],
    placeholderData: (prev) => prev,
  });
}

/** An epic reference the tree takes: `&12` (the parent's group), `group/path&12`, or the epic's URL; null otherwise. */
export function parseEpicRef(text: string, groupPath: string): { groupPath: string; iid: number } | null {
  const t = text.trim();
  const short = /^&(\d{1,9})$/.exec(t);
  if (short) return { groupPath, iid: Number(short[1]) };
  const full = /^([\w.-]+(?:\/[\w.-]+)*)&(\d{1,9})$/.exec(t);
  if (full) return { groupPath: full[1]!, iid: Number(full[2]) };
  const url = /^(?:https?:\/\/[^/]+)?\/groups\/([\w.-]+(?:\/[\w.-]+)*)\/-\/epics\/(\d{1,9})\/?$/.exec(t);
  return url ? { groupPath: url[1]!, iid: Number(url[2]) } : null;
}

/** The spec's child-item failure text for an answer: 404 'Epic cannot be found.', a 409 the server's reason (the count limit's text among them), else the generic one. */
function childFailure(status: number, data: unknown): string {
  if (status === 404) return EPIC_TEXTS.epicCannotBeFound;
  if (status === 409) return errorText(data, EPIC_TEXTS.maxChildEpics);
  return EPIC_TEXTS.addChildFailed;
}

/** Adds an existing epic (looked up by reference) as the child: null when done, else the failure text. */
export async function addChildEpic(parent: { group_id: number; iid: number }, ref: { groupPath: string; iid: number }): Promise<string | null> {
  const child = await requestJson<ApiEpic>(`${groupApi(ref.groupPath)}/${ref.iid}`);
  if (!child.ok || !child.data) return childFailure(child.status === 404 ? 404 : child.status, child.data);
  const res = await requestJson(`${epicLinksApi(parent.group_id, parent.iid)}/${child.data.id}`, { method: 'POST' });
  return res.ok ? null : childFailure(res.status, res.data);
}

/** Creates a new child epic with the title: null when done, else the failure text. */
export async function createChildEpic(parent: { group_id: number; iid: number }, title: string): Promise<string | null> {
  const res = await requestJson(epicLinksApi(parent.group_id, parent.iid), { method: 'POST', body: { title } });
  if (res.ok) return null;
  return res.status === 400 ? errorText(res.data, EPIC_TEXTS.addChildFailed) : childFailure(res.status, res.data);
}

/** Removes the child from the parent: null when done, else 'An error occurred while removing epics.'. */
export async function removeChildEpic(parent: { group_id: number; iid: number }, childId: number): Promise<string | null> {
  const res = await requestJson(`${epicLinksApi(parent.group_id, parent.iid)}/${childId}`, { method: 'DELETE' });
  return res.ok ? null : EPIC_TEXTS.removeEpicsFailed;
}
