import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { IssueTemplate, IssueTemplateListItem } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';

const base = (projectPath: string) => `/api/v4/projects/${encodeURIComponent(projectPath)}/templates/issues`;

export const issueTemplateKeys = {
  list: (projectPath: string) => ['projects', projectPath, 'templates', 'issues'] as const,
  one: (projectPath: string, name: string) => ['projects', projectPath, 'templates', 'issues', name] as const,
};

async function fetchList(projectPath: string, signal?: AbortSignal): Promise<IssueTemplateListItem[]> {
  const res = await requestJson<IssueTemplateListItem[]>(base(projectPath), { signal });
  if (!res.ok || !Array.isArray(res.data)) throw new Error('templates failed');
  return res.data;
}

/** The project's description templates, fetched once when the edit form first opens (a failure leaves the chooser out). */
export function useIssueTemplates(projectPath: string) {
  return useQuery({ queryKey: issueTemplateKeys.list(projectPath), queryFn: ({ signal }) => fetchList(projectPath, signal), staleTime: Infinity, retry: false });
}

/** One template's content (cached: choosing it again costs nothing). */
export function fetchIssueTemplate(queryClient: QueryClient, projectPath: string, name: string): Promise<IssueTemplate> {
  return queryClient.fetchQuery({
    queryKey: issueTemplateKeys.one(projectPath, name),
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const res = await requestJson<IssueTemplate>(`${base(projectPath)}/${encodeURIComponent(name)}`, { signal });
      if (!res.ok || typeof res.data?.content !== 'string') throw new Error('template failed');
      return res.data;
    },
  });
}
