/** What other modules may use of the repository port. */
export { RepositoryModule } from './repository.module';
export { RepositoryService, type RefsChangedEvent, type RefsChangedListener, type CreateRepositoryOptions } from './repository.service';
export { RepositoryAccess, answerRepo, type OpenedRepository } from './api/repository-access';
export { splitRefAndPath } from './api/ref-path';
export { GitRepository, type CommitListQuery, type CompareResult } from './git-repository';
export { RepositoryError, MergeConflictError } from './git/errors';
export type { BlobInfo, BranchInfo, CommitIdentity, CommitInfo, DiffFile, RefUpdate, TagInfo, TreeEntry } from './git/types';
export type { MergeInput, MergeResult } from './git/merge';
export type { DiffOptions } from './git/diff';
export type { FileAction, WriteCommitInput } from './git/write';
export type { ImportChange, ImportStep } from './git/import';
export { ZERO_OID, EMPTY_TREE, cleanRepoPath, cleanRev } from './git/validate';
export { gitVersion } from './git/run-git';
export { repositoryTemplate, repositoryTemplateNames, type TemplateKind } from './repository-templates';
