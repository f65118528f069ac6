import type { ApiForkedProject, ApiProject } from '@tandem/shared-types';
import type { Project } from './project.entity';

/** `serviceDesk`: the project's service desk address, for viewers who may see it (GitLab: reporters and up). */
export function toApiProject(
  p: Project,
  baseUrl: string,
  openIssues: number,
  accessLevel?: number,
  serviceDesk?: { address: string | null },
  /** The upstream of a fork, when the reader may see it (ProjectService.upstreamsOf). */
  forkedFrom?: Project | null,
  /** GitLab's default_branch: null while the repository is empty (ProjectService.defaultBranches). */
  defaultBranch: string | null = null,
): ApiProject {
  const n = p.namespace;
  const api = `${baseUrl}/api/v4/projects/${p.id}`;
  return {
    id: p.id,
    name: p.name,
    name_with_namespace: `${n.name} / ${p.name}`,
    path: p.path,
    path_with_namespace: p.fullPath,
    description: p.description,
    visibility: p.visibility,
    created_at: p.createdAt.toISOString(),
    default_branch: defaultBranch,
    web_url: `${baseUrl}/${p.fullPath}`,
    http_url_to_repo: `${baseUrl}/${p.fullPath}.git`,
    namespace: {
      id: n.id,
      name: n.name,
      path: n.path,
      kind: n.type === 'Group' ? 'group' : 'user',
      full_path: n.fullPath,
      parent_id: n.parentId,
      web_url: `${baseUrl}/${n.type === 'Group' ? 'groups/' : ''}${n.fullPath}`,
    },
    open_issues_count: openIssues,
    issues_enabled: true,
    archived: p.archived,
    service_desk_enabled: p.serviceDeskEnabled,
    merge_requests_enabled: p.mergeRequestsEnabled,
    ...(forkedFrom ? { forked_from_project: toApiForkedProject(forkedFrom, baseUrl) } : {}),
    ...(serviceDesk ? { service_desk_address: serviceDesk.address } : {}),
    _links: { self: api, issues: `${api}/issues` },
    ...(accessLevel !== undefined
      ? { permissions: { project_access: accessLevel > 0 ? { access_level: accessLevel } : null, group_access: null } }
      : {}),
  };
}

/** GitLab's basic project shape: a fork's upstream, or a row of the forks list. */
export function toApiForkedProject(p: Project, baseUrl: string): ApiForkedProject {
  return {
    id: p.id,
    name: p.name,
    name_with_namespace: `${p.namespace.name} / ${p.name}`,
    path: p.path,
    path_with_namespace: p.fullPath,
    visibility: p.visibility,
    web_url: `${baseUrl}/${p.fullPath}`,
    namespace: { id: p.namespace.id, full_path: p.namespace.fullPath },
  };
}
