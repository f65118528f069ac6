import { useQuery } from '@tanstack/react-query';
import { STATUS_PAGE_TEXTS, type StatusPageIncident, type StatusPageSettings } from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../shared/api/http';

export const statusPageSettingsKey = (projectPath: string) => ['status-page-settings', projectPath] as const;

/** The project's status page setting (maintainers; GET status_page_settings). */
export function useStatusPageSettings(projectPath: string, enabled: boolean) {
  return useQuery({
    queryKey: statusPageSettingsKey(projectPath),
    enabled,
    queryFn: async ({ signal }): Promise<StatusPageSettings> => {
      const res = await requestJson<StatusPageSettings>(`${projectApiPath(projectPath)}/status_page_settings`, { signal });
      if (!res.ok) throw new Error(errorText(res.data, STATUS_PAGE_TEXTS.loadFailed));
      return res.data;
    },
  });
}

export async function saveStatusPageSettings(projectPath: string, body: { enabled: boolean; status_page_url: string | null }): Promise<StatusPageSettings> {
  const res = await requestJson<StatusPageSettings>(`${projectApiPath(projectPath)}/status_page_settings`, { method: 'PUT', body });
  if (!res.ok) throw new Error(errorText(res.data, STATUS_PAGE_TEXTS.saveFailed));
  return res.data;
}

/** Publishes (or unpublishes) an incident; the answer's link, null after unpublishing. */
export async function setIncidentPublished(projectPath: string, iid: number, publish: boolean): Promise<string | null> {
  const res = await requestJson<{ published_incident_url: string | null }>(`${projectApiPath(projectPath)}/issues/${iid}/status_page`, { method: publish ? 'POST' : 'DELETE' });
  if (!res.ok) throw new Error(errorText(res.data, STATUS_PAGE_TEXTS.publishFailed));
  return publish ? res.data?.published_incident_url ?? null : null;
}

/** The public JSON of a project's status page (no sign-in). */
export async function fetchStatusPage<T extends StatusPageIncident | StatusPageIncident[]>(url: string, signal?: AbortSignal): Promise<T | null> {
  const res = await requestJson<T>(url, { signal });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(STATUS_PAGE_TEXTS.loadFailed);
  return res.data;
}
