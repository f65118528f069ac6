import { describe, expect, it } from 'vitest';
import { ACCESS_LEVEL } from '@tandem/shared-types';
import { issuePagePermissions } from '../issue-permissions';
import { canReadIssue, type Actor, type IssueFacts, type ProjectFacts } from '../policy';

const user = (id: number, over: Partial<Actor> = {}): Actor => ({ id, username: `u${id}`, isAdmin: false, scopes: null, ...over });
const project = (accessLevel: number = ACCESS_LEVEL.NO_ACCESS, over: Partial<ProjectFacts> = {}): ProjectFacts => ({ visibility: 'public', archived: false, accessLevel, ...over });
const issue = (over: Partial<IssueFacts> = {}): IssueFacts => ({ confidential: false, authorId: 1, assigneeIds: [], discussionLocked: false, state: 'opened', ...over });

describe('issue header flags (spec issue-page §6)', () => {
  it('Report abuse: any signed-in reader who is not the author', () => {
    expect(issuePagePermissions(user(2), project(), issue()).canReportAbuse).toBe(true);
    expect(issuePagePermissions(user(1, { isAdmin: true }), project(ACCESS_LEVEL.OWNER), issue()).canReportAbuse).toBe(false);
    expect(issuePagePermissions(null, project(), issue()).canReportAbuse).toBe(false);
    // a read-only token reports nothing; nor does someone who may not read the issue
    expect(issuePagePermissions(user(2, { scopes: ['read_api'] }), project(), issue()).canReportAbuse).toBe(false);
    expect(issuePagePermissions(user(2), project(), issue({ confidential: true })).canReportAbuse).toBe(false);
  });

  it('Submit as spam: admins only, not once it is hidden', () => {
    expect(issuePagePermissions(user(2, { isAdmin: true }), project(), issue()).canReportSpam).toBe(true);
    expect(issuePagePermissions(user(2), project(ACCESS_LEVEL.OWNER), issue()).canReportSpam).toBe(false);
    expect(issuePagePermissions(user(2, { isAdmin: true }), project(), issue({ hidden: true })).canReportSpam).toBe(false);
  });

  it('New issue with create_issue; Delete with canDestroy and showDeleteButton (owners); no Promote to epic without epics', () => {
    const guest = issuePagePermissions(user(2), project(ACCESS_LEVEL.GUEST), issue());
    expect(guest.canCreateIssue).toBe(true);
    expect(guest.showDeleteButton && guest.canDestroy).toBe(false);
    const owner = issuePagePermissions(user(2), project(ACCESS_LEVEL.OWNER), issue());
    expect(owner.canDestroy && owner.showDeleteButton).toBe(true);
    expect(owner.canPromoteToEpic).toBe(false);
    expect(issuePagePermissions(null, project(), issue()).canCreateIssue).toBe(false);
  });

  it('an issue submitted as spam is readable by admins only', () => {
    const hidden = issue({ hidden: true });
    expect(canReadIssue(user(1), project(ACCESS_LEVEL.OWNER), hidden)).toBe(false);
    expect(canReadIssue(null, project(), hidden)).toBe(false);
    expect(canReadIssue(user(5, { isAdmin: true }), project(), hidden)).toBe(true);
  });
});
