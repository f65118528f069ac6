/** The port's own shapes (the REST layer maps them to GitLab's snake_case JSON). */

export interface GitPerson {
  name: string;
  email: string;
  /** ISO 8601 with offset. */
  date: string;
}

export interface CommitInfo {
  id: string;
  shortId: string;
  parentIds: string[];
  title: string;
  message: string;
  author: GitPerson;
  committer: GitPerson;
}

export interface BranchInfo {
  name: string;
  commit: CommitInfo;
  isDefault: boolean;
}

export interface TagInfo {
  name: string;
  /** The tag object for annotated tags, the commit for light ones. */
  target: string;
  message: string | null;
  commit: CommitInfo;
}

export interface TreeEntry {
  id: string;
  name: string;
  type: 'tree' | 'blob' | 'commit';
  path: string;
  mode: string;
}

export interface BlobInfo {
  id: string;
  path: string;
  name: string;
  mode: string;
  size: number;
  /** The whole content, or its first `maxBytes` bytes when the caller capped it (then truncated). */
  content: Buffer;
  truncated: boolean;
  /** The commit the ref resolved to. */
  commitId: string;
}

export interface DiffFile {
  oldPath: string;
  newPath: string;
  aMode: string;
  bMode: string;
  newFile: boolean;
  renamedFile: boolean;
  deletedFile: boolean;
  binary: boolean;
  additions: number;
  deletions: number;
  /** Unified diff text from the first `@@` (GitLab's `diff`), '' for binary or mode-only changes. */
  diff: string;
  /** The new side's blob id (null for a deleted file or a submodule). */
  newBlobId: string | null;
  /** Same blob on both sides: only the name or the mode changed (a binary file's diff text is '' either way). */
  sameContent?: boolean;
}

export interface RefUpdate {
  /** Full ref name, refs/heads/x or refs/tags/x. */
  ref: string;
  oldSha: string;
  newSha: string;
}

/** Author and committer of commits Tandem writes (merges, suggestions, the README). */
export interface CommitIdentity {
  name: string;
  email: string;
}
