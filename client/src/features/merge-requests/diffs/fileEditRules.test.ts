import { describe, expect, it } from 'vitest';
import { fileEditAction, type FileEditContext } from './fileEditRules';

const ctx: FileEditContext = { sourceProjectPath: 'acme/tandem', sourceBranch: 'feature/x', projectPath: 'acme/tandem', iid: 7, open: true, canPush: true, canFork: true };
const text = { new_path: 'docs/a b.md', deleted_file: false, binary: false };

describe('Edit in single-file editor (diff file header)', () => {
  it('links a readable text file of an open merge request to the editor on its source branch, back to the merge request', () => {
    expect(fileEditAction(text, ctx)).toEqual({ kind: 'edit', href: '/acme/tandem/-/edit/feature/x/docs/a%20b.md?from_merge_request_iid=7' });
  });

  it('edits a fork merge request in the fork and says where to come back', () => {
    expect(fileEditAction(text, { ...ctx, sourceProjectPath: 'alice/tandem' })).toEqual({ kind: 'edit', href: '/alice/tandem/-/edit/feature/x/docs/a%20b.md?from_merge_request_iid=7&merge_request_project=acme%2Ftandem' });
  });

  it('is absent for deleted and binary files, closed or merged merge requests, and an unreadable source', () => {
    expect(fileEditAction({ ...text, deleted_file: true }, ctx)).toBeNull();
    expect(fileEditAction({ ...text, binary: true }, ctx)).toBeNull();
    expect(fileEditAction(text, { ...ctx, open: false })).toBeNull();
    expect(fileEditAction(text, { ...ctx, sourceProjectPath: null })).toBeNull();
    expect(fileEditAction(text, null)).toBeNull();
  });

  it('offers the fork message to who may fork but not push, and nothing to who may do neither', () => {
    expect(fileEditAction(text, { ...ctx, canPush: false })).toEqual({ kind: 'fork' });
    expect(fileEditAction(text, { ...ctx, canPush: false, canFork: false })).toBeNull();
    expect(fileEditAction({ ...text, deleted_file: true }, { ...ctx, canPush: false })).toBeNull();
  });
});
