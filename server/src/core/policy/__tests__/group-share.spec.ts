import { describe, expect, it } from 'vitest';
import { ACCESS_LEVEL } from '@tandem/shared-types';
import { sharedGroupLevel } from '../group-share';
import { canRequestCveId, canShareProjectWithGroup, type Actor, type IssueFacts, type ProjectFacts } from '../policy';

const actor: Actor = { id: 1, username: 'u', isAdmin: false, scopes: null };
const project = (accessLevel: number): ProjectFacts => ({ visibility: 'private', archived: false, accessLevel });
const issue: IssueFacts = { confidential: true, authorId: 9, assigneeIds: [], discussionLocked: false, state: 'opened' };

describe('group share and CVE request rules', () => {
  it("a shared group's member gets the link's access capped at their own role", () => {
    expect(sharedGroupLevel(ACCESS_LEVEL.REPORTER, ACCESS_LEVEL.DEVELOPER)).toBe(ACCESS_LEVEL.REPORTER);
    expect(sharedGroupLevel(ACCESS_LEVEL.MAINTAINER, ACCESS_LEVEL.GUEST)).toBe(ACCESS_LEVEL.GUEST);
  });

  it('maintainers share with a group they can see; only owners give the owner level', () => {
    const group = { visibility: 'public' as const, accessLevel: 0 };
    expect(canShareProjectWithGroup(actor, project(ACCESS_LEVEL.MAINTAINER), group, ACCESS_LEVEL.DEVELOPER)).toBe(true);
    expect(canShareProjectWithGroup(actor, project(ACCESS_LEVEL.MAINTAINER), group, ACCESS_LEVEL.OWNER)).toBe(false);
    expect(canShareProjectWithGroup(actor, project(ACCESS_LEVEL.OWNER), group, ACCESS_LEVEL.OWNER)).toBe(true);
    expect(canShareProjectWithGroup(actor, project(ACCESS_LEVEL.DEVELOPER), group, ACCESS_LEVEL.GUEST)).toBe(false);
    expect(canShareProjectWithGroup(actor, project(ACCESS_LEVEL.MAINTAINER), { visibility: 'private', accessLevel: 0 }, ACCESS_LEVEL.GUEST)).toBe(false);
    expect(canShareProjectWithGroup(null, project(ACCESS_LEVEL.MAINTAINER), group, null)).toBe(false);
  });

  it('maintainers may request a CVE ID; developers, visitors and archived projects not', () => {
    expect(canRequestCveId(actor, project(ACCESS_LEVEL.MAINTAINER), issue)).toBe(true);
    expect(canRequestCveId(actor, project(ACCESS_LEVEL.DEVELOPER), issue)).toBe(false);
    expect(canRequestCveId(null, project(ACCESS_LEVEL.MAINTAINER), issue)).toBe(false);
    expect(canRequestCveId(actor, { ...project(ACCESS_LEVEL.MAINTAINER), archived: true }, issue)).toBe(false);
  });
});
