import { describe, expect, it } from 'vitest';
import { ACCESS_LEVEL } from '@tandem/shared-types';
import { mergeRequestHeaderFlags, mergeRequestNoteableAbilities, mergeRequestPagePermissions } from '../merge-request-permissions';
import type { Actor, ProjectFacts } from '../policy';

const user = (id: number, over: Partial<Actor> = {}): Actor => ({ id, username: `u${id}`, isAdmin: false, scopes: null, ...over });
const project = (accessLevel: number = ACCESS_LEVEL.NO_ACCESS, visibility: ProjectFacts['visibility'] = 'public'): ProjectFacts => ({ visibility, archived: false, accessLevel });
const mr = (authorId: number | null = 1) => ({ authorId, discussionLocked: false, state: 'opened' as const });

describe("merge request header flags (GitLab's header menu, as the issue header's)", () => {
  it('Report abuse: any signed-in reader who is not the author', () => {
    expect(mergeRequestPagePermissions(user(2), project(), mr()).canReportAbuse).toBe(true);
    expect(mergeRequestPagePermissions(user(1, { isAdmin: true }), project(ACCESS_LEVEL.OWNER), mr()).canReportAbuse).toBe(false);
    expect(mergeRequestPagePermissions(null, project(), mr()).canReportAbuse).toBe(false);
    // a read-only token reports nothing; nor does who may not read the merge request (a guest of a private project)
    expect(mergeRequestPagePermissions(user(2, { scopes: ['read_api'] }), project(), mr()).canReportAbuse).toBe(false);
    expect(mergeRequestPagePermissions(user(2), project(ACCESS_LEVEL.GUEST, 'private'), mr()).canReportAbuse).toBe(false);
    expect(mergeRequestPagePermissions(user(2), project(ACCESS_LEVEL.REPORTER, 'private'), mr()).canReportAbuse).toBe(true);
    // an author whose account is gone is no one to report
    expect(mergeRequestHeaderFlags(user(2), mergeRequestNoteableAbilities(user(2), project(), mr(null))).canReportAbuse).toBe(false);
  });
});
