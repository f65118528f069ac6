import { RepositoryError } from './git/errors';
import type { RepositoryService } from './repository.service';

/** Where GitLab reads description templates in a repository, by kind. */
const FOLDERS = { issues: '.gitlab/issue_templates', merge_requests: '.gitlab/merge_request_templates' } as const;
export type TemplateKind = keyof typeof FOLDERS;
/** A template larger than this is not offered (GitLab's description limit is 1 MB). */
const MAX_TEMPLATE_BYTES = 1_048_576;

/** The `.md` templates of the default branch's `.gitlab/<kind>_templates/` folder, by name (the file name without `.md`); none on an empty repository. */
export async function repositoryTemplateNames(repos: RepositoryService, projectId: number, kind: TemplateKind): Promise<string[]> {
  const repo = await repos.open(projectId);
  if (await repo.isEmpty()) return [];
  try {
    const entries = await repo.tree(await repo.defaultBranch(), FOLDERS[kind]);
    return entries.filter((e) => e.type === 'blob' && e.name.endsWith('.md')).map((e) => e.name.slice(0, -3)).sort((a, b) => a.localeCompare(b));
  } catch (e) {
    if (e instanceof RepositoryError) return [];
    throw e;
  }
}

/** One repository template's content, or null when there is none of that name. */
export async function repositoryTemplate(repos: RepositoryService, projectId: number, kind: TemplateKind, name: string): Promise<string | null> {
  if (!/^[^/\\\0]{1,255}$/.test(name) || name.startsWith('.')) return null;
  if (!(await repositoryTemplateNames(repos, projectId, kind)).includes(name)) return null;
  const repo = await repos.open(projectId);
  const blob = await repo.blob(await repo.defaultBranch(), `${FOLDERS[kind]}/${name}.md`, MAX_TEMPLATE_BYTES);
  return blob.truncated ? null : blob.content.toString('utf8');
}
