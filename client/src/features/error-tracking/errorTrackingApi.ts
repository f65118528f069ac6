import { useQuery } from '@tanstack/react-query';
import {
  ERROR_TRACKING,
  ERROR_TRACKING_TEXTS,
  errorTrackingPaths,
  type ApiErrorTrackingClientKey,
  type ApiErrorTrackingSettings,
  type ErrorSort,
  type ErrorStatus,
  type ErrorStatusUpdateResponse,
  type ErrorTrackingListResponse,
  type StackTraceResponse,
} from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../shared/api/http';

export interface ErrorListQuery {
  search: string;
  sort: ErrorSort;
  status: ErrorStatus;
  cursor: string | null;
}

export const errorTrackingKeys = {
  list: (projectPath: string) => ['error-tracking', projectPath, 'list'] as const,
  listPage: (projectPath: string, q: ErrorListQuery) => ['error-tracking', projectPath, 'list', q] as const,
  stackTraces: () => ['error-tracking', 'stack-trace'] as const,
  stackTrace: (path: string) => ['error-tracking', 'stack-trace', path] as const,
  settings: (projectPath: string) => ['error-tracking', projectPath, 'settings'] as const,
};

/** The list (spec: polled until it returns data, then polling stops; the failure text on error). */
export function useErrorList(projectPath: string, q: ErrorListQuery) {
  return useQuery<ErrorTrackingListResponse, Error>({
    queryKey: errorTrackingKeys.listPage(projectPath, q),
    refetchInterval: (query) => (query.state.data || query.state.error ? false : ERROR_TRACKING.pollIntervalMs),
    retry: false,
    placeholderData: (prev: ErrorTrackingListResponse | undefined) => prev,
    queryFn: async ({ signal }): Promise<ErrorTrackingListResponse> => {
      const params = new URLSearchParams({ sort: q.sort, issue_status: q.status });
      if (q.search) params.set('search_term', q.search);
      if (q.cursor) params.set('cursor', q.cursor);
      const res = await requestJson<ErrorTrackingListResponse>(`${errorTrackingPaths(projectPath).listJson}?${params}`, { signal });
      if (!res.ok) throw new Error(ERROR_TRACKING_TEXTS.loadErrorsFailed);
      return res.data;
    },
  });
}

/** An error and its newest event's stack trace (the details page, the issue's card): polled until loaded. */
export function useStackTrace(path: string | null, opts: { pollWhileLoadedMs?: number | false } = {}) {
  return useQuery<StackTraceResponse['error'], Error>({
    queryKey: errorTrackingKeys.stackTrace(path ?? ''),
    enabled: path !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data ? (opts.pollWhileLoadedMs ?? false) : query.state.error ? false : ERROR_TRACKING.pollIntervalMs),
    queryFn: async ({ signal }): Promise<StackTraceResponse['error']> => {
      const res = await requestJson<StackTraceResponse>(path!, { signal });
      if (!res.ok) throw new Error(ERROR_TRACKING_TEXTS.loadStacktraceFailed);
      return res.data.error;
    },
  });
}

export async function updateErrorStatus(projectPath: string, id: number, status: ErrorStatus): Promise<ErrorStatusUpdateResponse> {
  const res = await requestJson<ErrorStatusUpdateResponse>(errorTrackingPaths(projectPath).updateJson(id), { method: 'PUT', body: { status } });
  if (!res.ok) throw new Error(ERROR_TRACKING_TEXTS.updateStatusFailed);
  return res.data;
}

export async function createIssueFromError(projectPath: string, id: number): Promise<{ iid: number; web_url: string }> {
  const res = await requestJson<{ iid: number; web_url: string }>(errorTrackingPaths(projectPath).createIssue(id), { method: 'POST', body: {} });
  if (!res.ok) throw new Error(errorText(res.data, 'Failed to create an issue from this error'));
  return res.data;
}

export interface ErrorTrackingSetup {
  settings: ApiErrorTrackingSettings;
  keys: ApiErrorTrackingClientKey[];
}

/** The settings page: the project's setting and its client keys (maintainers). */
export function useErrorTrackingSetup(projectPath: string) {
  return useQuery({
    queryKey: errorTrackingKeys.settings(projectPath),
    retry: false,
    queryFn: async ({ signal }): Promise<ErrorTrackingSetup> => {
      const base = `${projectApiPath(projectPath)}/error_tracking`;
      const [settings, keys] = await Promise.all([requestJson<ApiErrorTrackingSettings>(`${base}/settings`, { signal }), requestJson<ApiErrorTrackingClientKey[]>(`${base}/client_keys`, { signal })]);
      if (!settings.ok) throw new Error(errorText(settings.data, 'Failed to load the error tracking settings'));
      if (!keys.ok) throw new Error(errorText(keys.data, 'Failed to load the client keys'));
      return { settings: settings.data, keys: keys.data };
    },
  });
}

export async function saveErrorTrackingSettings(projectPath: string, active: boolean): Promise<ApiErrorTrackingSettings> {
  const res = await requestJson<ApiErrorTrackingSettings>(`${projectApiPath(projectPath)}/error_tracking/settings`, { method: 'PUT', body: { active, integrated: true } });
  if (!res.ok) throw new Error(errorText(res.data, 'Failed to save the error tracking settings'));
  return res.data;
}

export async function createClientKey(projectPath: string): Promise<ApiErrorTrackingClientKey> {
  const res = await requestJson<ApiErrorTrackingClientKey>(`${projectApiPath(projectPath)}/error_tracking/client_keys`, { method: 'POST', body: {} });
  if (!res.ok) throw new Error(errorText(res.data, 'Failed to create a client key'));
  return res.data;
}

export async function revokeClientKey(projectPath: string, id: number): Promise<void> {
  const res = await requestJson<unknown>(`${projectApiPath(projectPath)}/error_tracking/client_keys/${id}`, { method: 'DELETE' });
  if (!res.ok) throw new Error(errorText(res.data, 'Failed to revoke the client key'));
}
