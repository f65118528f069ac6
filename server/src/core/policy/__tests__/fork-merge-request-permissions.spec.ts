import { describe, expect, it } from 'vitest';
import { ACCESS_LEVEL } from '@tandem/shared-types';
import { canApplySuggestion, canCreateMergeRequestIn, canPushToSourceBranch } from '../merge-request-permissions';
import type { Actor, ProjectFacts } from '../policy';

const me: Actor = { id: 7, username: 'me', isAdmin: false, scopes: null };
const p = (accessLevel: number, visibility: ProjectFacts['visibility'] = 'public', archived = false): ProjectFacts => ({ visibility, archived, accessLevel });
const open = { authorId: 1, discussionLocked: false, state: 'opened' as const };

describe('merge requests from forks (GitLab create_merge_request_in, branch_allows_collaboration?)', () => {
  it('any signed-in reader of the code proposes into a public project; a private one needs reporter; never archived, anonymous or read-only', () => {
    expect(canCreateMergeRequestIn(me, p(0))).toBe(true);
    expect(canCreateMergeRequestIn(me, p(0, 'private'))).toBe(false);
    expect(canCreateMergeRequestIn(me, p(ACCESS_LEVEL.GUEST, 'private'))).toBe(false);
    expect(canCreateMergeRequestIn(me, p(ACCESS_LEVEL.REPORTER, 'private'))).toBe(true);
    expect(canCreateMergeRequestIn(me, p(ACCESS_LEVEL.OWNER, 'public', true))).toBe(false);
    expect(canCreateMergeRequestIn(null, p(0))).toBe(false);
    expect(canCreateMergeRequestIn({ ...me, scopes: ['read_api'] }, p(0))).toBe(false);
  });

  it("a fork's source branch: push rights in the fork, or allow_collaboration and merge rights in the target", () => {
    const forkOwner = { facts: p(ACCESS_LEVEL.OWNER), allowCollaboration: false };
    const stranger = { facts: p(0), allowCollaboration: false };
    expect(canPushToSourceBranch(me, p(0), open, forkOwner)).toBe(true);
    expect(canPushToSourceBranch(me, p(ACCESS_LEVEL.MAINTAINER), open, stranger)).toBe(false);
    expect(canPushToSourceBranch(me, p(ACCESS_LEVEL.DEVELOPER), open, { ...stranger, allowCollaboration: true })).toBe(true);
    expect(canPushToSourceBranch(me, p(ACCESS_LEVEL.REPORTER), open, { ...stranger, allowCollaboration: true })).toBe(false);
    expect(canApplySuggestion(me, p(ACCESS_LEVEL.MAINTAINER), open, stranger)).toBe(false);
    expect(canApplySuggestion(me, p(ACCESS_LEVEL.MAINTAINER), { ...open, state: 'merged' }, forkOwner)).toBe(false);
    // Same project: push_code there, as before
    expect(canApplySuggestion(me, p(ACCESS_LEVEL.DEVELOPER), open)).toBe(true);
    expect(canApplySuggestion(me, p(ACCESS_LEVEL.REPORTER), open)).toBe(false);
  });
});
