import { useQuery } from '@tanstack/react-query';
import type { ApiProject } from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../shared/api/http';
import { pageInfo } from '../../shared/ui/Pagination';

/** Query keys of project reads; one project's own reads (issues, labels) sit under `one(path)`. */
export const projectKeys = {
  list: (page: number) => ['projects', 'list', page] as const,
  one: (projectPath: string) => ['projects', projectPath] as const,
};

/** The projects the viewer can read, one page at a time. */
export function useProjects(page: number) {
  return useQuery({
    queryKey: projectKeys.list(page),
    queryFn: async ({ signal }) => {
      const res = await requestJson<ApiProject[]>(`/api/v4/projects?page=${page}&per_page=20`, { signal }).catch(() => null);
      if (!res) throw new Error('Projects could not be loaded.');
      if (!res.ok) throw new Error(errorText(res.data, 'Projects could not be loaded.'));
      return { projects: res.data, info: pageInfo(res.headers) };
    },
  });
}

/** One project by path; null when the server says it does not exist for this viewer. */
export function useProject(projectPath: string) {
  return useQuery({
    queryKey: [...projectKeys.one(projectPath), 'detail'],
    queryFn: async ({ signal }): Promise<ApiProject | null> => {
      const res = await requestJson<ApiProject>(projectApiPath(projectPath), { signal });
      return res.ok ? res.data : null;
    },
  });
}
