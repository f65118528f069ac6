/**
 * What the project module reads of a project's git repository (GitLab's `default_branch`), as a
 * port: the repository module imports this one, so this one cannot import it. The repository
 * module implements it (RepositoryService) and provides it app-wide (RepositoryPortModule).
 */
export interface ProjectRepositoryPort {
  /** The branch HEAD names when it has a commit; null for an empty repository (or none yet). */
  defaultBranch(projectId: number): Promise<string | null>;
}

export const PROJECT_REPOSITORY_PORT = Symbol('PROJECT_REPOSITORY_PORT');
