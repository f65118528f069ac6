/** Texts of the code side: the clone dropdown (spec issue-page.md "Clone dropdown"). */
export const CLONE_TEXTS = {
  button: 'Clone',
  heading: 'Clone this repository',
  options: 'Clone URL',
  http: 'Clone with HTTP',
  httpWithUsername: 'Clone with HTTP (your username)',
  urlLabel: 'Clone URL',
  copy: 'Copy URL',
  help: 'Use a personal access token as the password when git asks for one.',
} as const;

export type CloneOption = 'http' | 'http_username';

/** The URL an option shows: the plain HTTP URL, or the same with the user's name in it (git then asks only for the token). */
export function cloneUrl(httpUrl: string, option: CloneOption, username: string | null): string {
  if (option === 'http_username' && username) {
    const u = new URL(httpUrl);
    u.username = username;
    return u.toString();
  }
  return httpUrl;
}

/**
 * The single-file editor and GitLab's repository files API (PUT/POST/DELETE
 * /projects/:id/repository/files/:file_path): GitLab's refusals (Files::UpdateService,
 * Commits::CreateService, lib/api/files.rb) and the edit page's and diff header's labels.
 */
export const FILE_EDIT_TEXTS = {
  /** A `last_commit_id` that is not the file's last commit on the branch any more (400). */
  fileChanged: 'You are attempting to update a file that has changed since you started editing it.',
  fileExists: 'A file with this name already exists',
  fileMissing: "A file with this name doesn't exist",
  /** A file written where a folder is (Gitaly's ErrDirectoryExists). */
  directoryExists: 'A directory with this name already exists',
  notOnBranch: 'You can only create or edit files when you are on a branch',
  branchExists: (branch: string) => `A branch called '${branch}' already exists. Switch to that branch in order to make changes`,
  /** A protected branch (Tandem's: the default branch) written by someone below push_protected_branch. */
  notAllowedToPush: 'You are not allowed to push into this branch',
  /** The edit page's default commit message (GitLab's "Update #{blob.name}"). */
  defaultCommitMessage: (fileName: string) => `Update ${fileName}`,
  pageTitle: 'Edit file',
  commitMessage: 'Commit message',
  targetBranch: 'Target branch',
  commitChanges: 'Commit changes',
  cancel: 'Cancel',
  committing: 'Committing…',
  loadFailed: 'An error occurred while loading the file. Please try again.',
  commitFailed: 'An error occurred while committing your changes. Please try again.',
  /** GitLab's flash after a commit from the editor. */
  committed: 'Your changes have been committed successfully.',
  notText: 'This file cannot be edited in the browser: it is not text.',
  /** The diff file header's item (GitLab's diff_file_header.vue). */
  editInSingleFileEditor: 'Edit in single-file editor',
  /** Shown instead of editing when the viewer may fork but not push (GitLab's diff_file.vue fork suggestion). */
  forkMessage: "You're not allowed to edit files in this project directly. Please fork this project, make your changes there, and submit a merge request.",
} as const;

/** The single-file editor's path (GitLab's project_edit_blob_path): /<project>/-/edit/<branch>/<path>, from a merge request with ?from_merge_request_iid. */
export function editBlobPath(projectPath: string, branch: string, filePath: string, fromMergeRequestIid?: number | null): string {
  const enc = (s: string) => s.split('/').map(encodeURIComponent).join('/');
  const base = `/${projectPath}/-/edit/${enc(branch)}/${enc(filePath)}`;
  return fromMergeRequestIid ? `${base}?from_merge_request_iid=${fromMergeRequestIid}` : base;
}
