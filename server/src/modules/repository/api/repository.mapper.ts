import type { BranchInfo, CommitInfo, DiffFile, TagInfo, TreeEntry } from '../git/types';

/** GitLab's commit JSON (Entities::Commit). */
export function toApiCommit(c: CommitInfo, webUrl: string) {
  return {
    id: c.id,
    short_id: c.shortId,
    created_at: c.committer.date,
    parent_ids: c.parentIds,
    title: c.title,
    message: c.message.endsWith('\n') ? c.message : `${c.message}\n`,
    author_name: c.author.name,
    author_email: c.author.email,
    authored_date: c.author.date,
    committer_name: c.committer.name,
    committer_email: c.committer.email,
    committed_date: c.committer.date,
    trailers: {},
    extended_trailers: {},
    web_url: `${webUrl}/-/commit/${c.id}`,
  };
}

/** GitLab's branch JSON; `canPush`: the viewer may push to it. The default branch is the protected one. */
export function toApiBranch(b: BranchInfo, webUrl: string, canPush: boolean, merged = false) {
  return {
    name: b.name,
    merged,
    protected: b.isDefault,
    default: b.isDefault,
    developers_can_push: false,
    developers_can_merge: false,
    can_push: canPush,
    web_url: `${webUrl}/-/tree/${encodeURI(b.name)}`,
    commit: toApiCommit(b.commit, webUrl),
  };
}

export function toApiTag(t: TagInfo, webUrl: string) {
  return { name: t.name, message: t.message ?? '', target: t.target, commit: toApiCommit(t.commit, webUrl), release: null, protected: false };
}

/** GitLab's diff JSON (Entities::Diff). */
export function toApiDiff(d: DiffFile) {
  return {
    diff: d.diff,
    new_path: d.newPath,
    old_path: d.oldPath,
    a_mode: d.aMode,
    b_mode: d.bMode,
    new_file: d.newFile,
    renamed_file: d.renamedFile,
    deleted_file: d.deletedFile,
    generated_file: false,
  };
}

export function toApiTreeEntry(e: TreeEntry) {
  return { id: e.id, name: e.name, type: e.type, path: e.path, mode: e.mode };
}
