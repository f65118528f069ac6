import { editBlobPath, type ApiDiffFile } from '@tandem/shared-types';

/** What the Changes tab knows about editing its files: the merge request's source branch and the viewer's rights there. */
export interface FileEditContext {
  /** Where the source branch lives; null when there is no edit path (the branch is gone, or in a fork the viewer cannot read). */
  sourceProjectPath: string | null;
  sourceBranch: string;
  /** The merge request's project (the editor returns there after a commit). */
  projectPath: string;
  iid: number;
  /** Only an open merge request's files are edited from its diff. */
  open: boolean;
  /** The viewer may push to the source branch (page.json's canApplySuggestions: canPushToSourceBranch). */
  canPush: boolean;
  /** The viewer may fork the project (GitLab's can_current_user_fork). */
  canFork: boolean;
}

export type FileEditAction = { kind: 'edit'; href: string } | { kind: 'fork' };

/**
 * The diff header's "Edit in single-file editor" (discussions.md: only for readable text,
 * non-deleted files with an edit path): a link to the editor when the viewer may push to the
 * source branch; when they may not but may fork, the item shows GitLab's fork message instead
 * (GitLab's handleEditClick); otherwise nothing.
 */
export function fileEditAction(file: Pick<ApiDiffFile, 'new_path' | 'deleted_file' | 'binary'>, ctx: FileEditContext | null | undefined): FileEditAction | null {
  if (!ctx || !ctx.open || ctx.sourceProjectPath === null) return null;
  if (file.deleted_file || file.binary) return null;
  if (ctx.canPush) {
    const back = ctx.sourceProjectPath === ctx.projectPath ? '' : `&merge_request_project=${encodeURIComponent(ctx.projectPath)}`;
    return { kind: 'edit', href: editBlobPath(ctx.sourceProjectPath, ctx.sourceBranch, file.new_path, ctx.iid) + back };
  }
  return ctx.canFork ? { kind: 'fork' } : null;
}
