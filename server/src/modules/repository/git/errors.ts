/** What the port refuses; the API maps each to its status (400, 404, 409), never a 500. */
export class RepositoryError extends Error {
  constructor(
    readonly kind: 'invalid_path' | 'invalid_ref' | 'invalid_branch_name' | 'not_found' | 'ref_exists' | 'stale_ref' | 'conflict' | 'empty_repository' | 'no_repository',
    message: string,
  ) {
    super(message);
  }
}

export class MergeConflictError extends RepositoryError {
  constructor(readonly conflictedFiles: string[]) {
    super('conflict', `Merge conflict in ${conflictedFiles.length} file(s)`);
  }
}
