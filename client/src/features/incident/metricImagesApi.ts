import { useQuery } from '@tanstack/react-query';
import { CSRF_HEADER, METRIC_IMAGE_TEXTS, type ApiMetricImage } from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../shared/api/http';
import { appStore } from '../../shared/store';
import { csrfTokenAtom } from '../session/sessionAtoms';

const base = (projectPath: string, iid: number) => `${projectApiPath(projectPath)}/issues/${iid}/metric_images`;

export const metricImagesKey = (projectPath: string, iid: number) => ['incident', projectPath, iid, 'metric-images'] as const;

/** The incident's metric images; issue.metric_images events replace the list (metricImageEvents.ts). */
export function useMetricImages(projectPath: string, iid: number, enabled: boolean) {
  return useQuery({
    queryKey: metricImagesKey(projectPath, iid),
    enabled,
    queryFn: async ({ signal }) => {
      const res = await requestJson<ApiMetricImage[]>(base(projectPath, iid), { signal });
      if (!res.ok || !Array.isArray(res.data)) throw new Error(METRIC_IMAGE_TEXTS.loadFailed);
      return res.data;
    },
  });
}

/** POST multipart file (+ url, url_text); an HTTP error rejects with the server's reason. */
export async function uploadMetricImage(projectPath: string, iid: number, input: { file: File; url: string; urlText: string }): Promise<ApiMetricImage> {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  if (input.url.trim()) form.append('url', input.url.trim());
  if (input.urlText.trim()) form.append('url_text', input.urlText.trim());
  const headers: Record<string, string> = { accept: 'application/json' };
  const csrf = appStore.get(csrfTokenAtom);
  if (csrf) headers[CSRF_HEADER] = csrf;
  const res = await fetch(base(projectPath, iid), { method: 'POST', body: form, headers, credentials: 'same-origin' });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error(errorText(data, METRIC_IMAGE_TEXTS.uploadFailed));
  return data as ApiMetricImage;
}

export async function deleteMetricImage(projectPath: string, iid: number, id: number): Promise<void> {
  const res = await requestJson(`${base(projectPath, iid)}/${id}`, { method: 'DELETE' });
  if (!res.ok) throw new Error(errorText(res.data, METRIC_IMAGE_TEXTS.deleteFailed));
}
