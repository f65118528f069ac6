import { describe, expect, it } from 'vitest';
import { ACCESS_LEVEL, type Visibility } from '@tandem/shared-types';
import {
  ALL_ABILITIES,
  canChangeGroupMember,
  canChangeProjectMember,
  canEpic,
  canGroup,
  canIssue,
  canProject,
  canReadGroup,
  canReadIssue,
  canReadProject,
  creatableIssueType,
  type Ability,
  type Actor,
  type EpicAbility,
  type GroupAbility,
  type GroupFacts,
  type IssueAbility,
  type IssueFacts,
  type MembershipChange,
  type MergeRequestAbility,
  type ProjectAbility,
  type ProjectFacts,
} from '../policy';
import { canMergeRequest } from '../merge-request-permissions';

/**
 * The permission matrix, written out independently of the implementation (GitLab's rules for
 * guest 10 to owner 50, see docs/architecture.md), checked for every ability × role × visibility × issue
 * relation × token scope.
 */
const ROLES = {
  anonymous: null,
  nonMember: ACCESS_LEVEL.NO_ACCESS,
  guest: ACCESS_LEVEL.GUEST,
  reporter: ACCESS_LEVEL.REPORTER,
  developer: ACCESS_LEVEL.DEVELOPER,
  maintainer: ACCESS_LEVEL.MAINTAINER,
  owner: ACCESS_LEVEL.OWNER,
} as const;
type Role = keyof typeof ROLES;

const VISIBILITIES: Visibility[] = ['public', 'internal', 'private'];
const RELATIONS = ['none', 'author', 'assignee'] as const;
type Relation = (typeof RELATIONS)[number];
const SCOPES: Array<{ name: string; scopes: string[] | null }> = [
  { name: 'session', scopes: null },
  { name: 'api token', scopes: ['api'] },
  { name: 'read_api token', scopes: ['read_api'] },
  { name: 'api+read_api token', scopes: ['read_api', 'api'] },
  { name: 'token without API scopes', scopes: [] },
];
const WRITES = new Set<Ability>([
  'create_issue', 'create_incident', 'create_test_case', 'admin_project', 'update_issue', 'admin_issue', 'reopen_issue', 'destroy_issue', 'create_note',
  'admin_project_member', 'change_visibility_level', 'admin_group_member', 'upload_file', 'update_subscription',
  'create_epic', 'admin_epic', 'destroy_epic', 'publish_status_page',
  'admin_label', 'admin_milestone', 'admin_group_label', 'admin_group_milestone', 'admin_iteration', 'upload_group_file', 'update_alert',
  'admin_service_desk', 'push_code', 'push_protected_branch', 'fork_project', 'create_projects',
  'update_error_tracking', 'admin_error_tracking',
  'create_merge_request', 'update_merge_request', 'admin_merge_request', 'merge_merge_request',
]);
const PROJECT_ABILITIES: ProjectAbility[] = [
  'read_project', 'create_issue', 'create_incident', 'create_test_case', 'admin_project', 'read_confidential_issues',
  'read_project_member', 'admin_project_member', 'change_visibility_level', 'upload_file', 'admin_label', 'admin_milestone',
  'admin_service_desk', 'update_alert', 'read_code', 'push_code', 'push_protected_branch', 'fork_project',
  'read_error_tracking', 'update_error_tracking', 'admin_error_tracking',
];
const GROUP_ABILITIES: GroupAbility[] = ['read_group', 'read_group_member', 'admin_group_member', 'admin_group_label', 'admin_group_milestone', 'admin_iteration', 'upload_group_file', 'create_projects'];
const EPIC_ABILITIES: EpicAbility[] = ['read_epic', 'create_epic', 'admin_epic', 'destroy_epic'];
const MR_ABILITIES: MergeRequestAbility[] = ['read_merge_request', 'create_merge_request', 'update_merge_request', 'admin_merge_request', 'merge_merge_request'];
const ISSUE_ABILITIES: IssueAbility[] = ['read_issue', 'update_issue', 'admin_issue', 'reopen_issue', 'destroy_issue', 'create_note', 'update_subscription', 'publish_status_page'];

const ACTOR_ID = 7;
const OTHER_ID = 99;

function actorFor(role: Role, scopes: string[] | null, isAdmin = false): Actor | null {
  return role === 'anonymous' ? null : { id: ACTOR_ID, username: 'me', isAdmin, scopes };
}

function projectFacts(role: Role, visibility: Visibility, archived = false): ProjectFacts {
  return { visibility, archived, accessLevel: ROLES[role] ?? 0 };
}

function issueFacts(relation: Relation, confidential: boolean, discussionLocked = false): IssueFacts {
  return {
    confidential,
    authorId: relation === 'author' ? ACTOR_ID : OTHER_ID,
    assigneeIds: relation === 'assignee' ? [OTHER_ID, ACTOR_ID] : [OTHER_ID],
    discussionLocked,
    state: 'opened',
  };
}

// ---- the expected rules ----
function expectedReadProject(role: Role, v: Visibility): boolean {
  if (v === 'public') return true;
  if (v === 'internal') return role !== 'anonymous';
  return (ROLES[role] ?? 0) >= ACCESS_LEVEL.GUEST;
}

function scopeOk(scopes: string[] | null, ability: Ability): boolean {
  if (scopes === null || scopes.includes('api')) return true;
  return scopes.includes('read_api') && !WRITES.has(ability);
}

function expectedProject(role: Role, v: Visibility, scopes: string[] | null, ability: ProjectAbility, archived: boolean): boolean {
  if (role !== 'anonymous' && !scopeOk(scopes, ability)) return false;
  if (!expectedReadProject(role, v)) return false;
  const level = ROLES[role] ?? 0;
  switch (ability) {
    case 'read_project': return true;
    case 'create_issue': return role !== 'anonymous' && !archived;
    case 'read_confidential_issues': return level >= ACCESS_LEVEL.REPORTER;
    case 'create_incident':
    case 'create_test_case': return level >= ACCESS_LEVEL.REPORTER && !archived;
    case 'admin_project': return level >= ACCESS_LEVEL.MAINTAINER;
    case 'read_project_member': return true;
    case 'admin_project_member': return level >= ACCESS_LEVEL.MAINTAINER;
    case 'change_visibility_level': return level >= ACCESS_LEVEL.OWNER;
    case 'upload_file': return role !== 'anonymous' && !archived;
    case 'admin_label':
    case 'admin_milestone': return level >= ACCESS_LEVEL.REPORTER && !archived;
    case 'admin_service_desk': return level >= ACCESS_LEVEL.MAINTAINER;
    case 'update_alert': return level >= ACCESS_LEVEL.DEVELOPER && !archived;
    case 'read_code': return v !== 'private' || level >= ACCESS_LEVEL.REPORTER;
    case 'push_code': return level >= ACCESS_LEVEL.DEVELOPER && !archived;
    case 'push_protected_branch': return level >= ACCESS_LEVEL.MAINTAINER && !archived;
    case 'fork_project': return role !== 'anonymous' && (v !== 'private' || level >= ACCESS_LEVEL.REPORTER);
    case 'read_error_tracking': return level >= ACCESS_LEVEL.REPORTER;
    case 'update_error_tracking': return level >= ACCESS_LEVEL.DEVELOPER && !archived;
    case 'admin_error_tracking': return level >= ACCESS_LEVEL.MAINTAINER;
  }
}

function expectedGroup(role: Role, v: Visibility, scopes: string[] | null, ability: GroupAbility): boolean {
  if (role !== 'anonymous' && !scopeOk(scopes, ability)) return false;
  // groups are read like projects: public by all, internal signed in, private members only
  if (!expectedReadProject(role, v)) return false;
  if (ability === 'admin_group_member') return (ROLES[role] ?? 0) >= ACCESS_LEVEL.OWNER;
  if (ability === 'admin_group_label' || ability === 'admin_group_milestone' || ability === 'admin_iteration') return (ROLES[role] ?? 0) >= ACCESS_LEVEL.REPORTER;
  if (ability === 'upload_group_file') return role !== 'anonymous';
  if (ability === 'create_projects') return (ROLES[role] ?? 0) >= ACCESS_LEVEL.DEVELOPER;
  return true;
}

/** The owner-level rule, written out: who may move a membership from one level to another. */
function expectedMemberChange(kind: 'project' | 'group', role: Role, v: Visibility, scopes: string[] | null, c: MembershipChange): boolean {
  if (role === 'anonymous' || !scopeOk(scopes, kind === 'project' ? 'admin_project_member' : 'admin_group_member')) return false;
  if (!expectedReadProject(role, v)) return false;
  if (c.self && c.from !== null && c.to === null) return true; // leaving
  const level = ROLES[role] ?? 0;
  if (level >= ACCESS_LEVEL.OWNER) return true;
  if (kind === 'group') return false;
  return level >= ACCESS_LEVEL.MAINTAINER && (c.from ?? 0) < ACCESS_LEVEL.OWNER && (c.to ?? 0) < ACCESS_LEVEL.OWNER;
}

const LEVELS_OR_NONE = [null, ACCESS_LEVEL.GUEST, ACCESS_LEVEL.REPORTER, ACCESS_LEVEL.DEVELOPER, ACCESS_LEVEL.MAINTAINER, ACCESS_LEVEL.OWNER];
const CHANGES: MembershipChange[] = LEVELS_OR_NONE.flatMap((from) =>
  LEVELS_OR_NONE.flatMap((to) => (from === null && to === null ? [] : [false, true].map((self) => ({ from, to, self })))),
);

function expectedIssue(role: Role, v: Visibility, scopes: string[] | null, ability: IssueAbility, rel: Relation, confidential: boolean, locked: boolean, archived: boolean): boolean {
  if (role !== 'anonymous' && !scopeOk(scopes, ability)) return false;
  if (!expectedReadProject(role, v)) return false;
  const level = ROLES[role] ?? 0;
  const involved = role !== 'anonymous' && rel !== 'none';
  const readable = !confidential || level >= ACCESS_LEVEL.REPORTER || involved;
  if (!readable) return false;
  if (ability === 'read_issue') return true;
  if (role === 'anonymous') return false;
  if (ability === 'update_subscription') return true;
  if (archived) return false;
  switch (ability) {
    case 'update_issue':
    case 'reopen_issue': return level >= ACCESS_LEVEL.REPORTER || involved;
    case 'admin_issue': return level >= ACCESS_LEVEL.REPORTER;
    case 'destroy_issue': return level >= ACCESS_LEVEL.OWNER;
    case 'create_note': return !locked || level >= ACCESS_LEVEL.REPORTER;
    case 'publish_status_page': return level >= ACCESS_LEVEL.MAINTAINER;
  }
}

describe('policy matrix', () => {
  it('covers every ability the module declares', () => {
    expect([...PROJECT_ABILITIES, ...ISSUE_ABILITIES, ...GROUP_ABILITIES, ...EPIC_ABILITIES, ...MR_ABILITIES].sort()).toEqual([...ALL_ABILITIES].sort());
  });

  for (const role of Object.keys(ROLES) as Role[]) {
    for (const v of VISIBILITIES) {
      for (const { name, scopes } of role === 'anonymous' ? [{ name: 'no credentials', scopes: null }] : SCOPES) {
        describe(`${role} on a ${v} project with ${name}`, () => {
          it('project abilities', () => {
            for (const archived of [false, true]) {
              const actor = actorFor(role, scopes);
              const p = projectFacts(role, v, archived);
              expect(canReadProject(actor, p)).toBe(expectedReadProject(role, v));
              for (const ability of PROJECT_ABILITIES) {
                expect({ ability, archived, allowed: canProject(actor, ability, p) }).toEqual({
                  ability, archived, allowed: expectedProject(role, v, scopes, ability, archived),
                });
              }
            }
          });
          it('group abilities', () => {
            const actor = actorFor(role, scopes);
            const g: GroupFacts = { visibility: v, accessLevel: ROLES[role] ?? 0 };
            expect(canReadGroup(actor, g)).toBe(expectedReadProject(role, v));
            for (const ability of GROUP_ABILITIES)
              expect({ ability, allowed: canGroup(actor, ability, g) }).toEqual({ ability, allowed: expectedGroup(role, v, scopes, ability) });
          });
          it('membership changes (add, change, remove; owner level; leaving)', () => {
            const actor = actorFor(role, scopes);
            const p = projectFacts(role, v);
            const g: GroupFacts = { visibility: v, accessLevel: ROLES[role] ?? 0 };
            for (const c of CHANGES) {
              expect({ project: c, allowed: canChangeProjectMember(actor, p, c) }).toEqual({ project: c, allowed: expectedMemberChange('project', role, v, scopes, c) });
              expect({ group: c, allowed: canChangeGroupMember(actor, g, c) }).toEqual({ group: c, allowed: expectedMemberChange('group', role, v, scopes, c) });
            }
          });
          it('issue abilities for plain, confidential, authored, assigned and locked issues', () => {
            const actor = actorFor(role, scopes);
            for (const archived of [false, true]) {
              const p = projectFacts(role, v, archived);
              for (const rel of RELATIONS) {
                for (const confidential of [false, true]) {
                  for (const locked of [false, true]) {
                    const i = issueFacts(rel, confidential, locked);
                    expect(canReadIssue(actor, p, i)).toBe(expectedIssue(role, v, null, 'read_issue', rel, confidential, locked, archived));
                    for (const ability of ISSUE_ABILITIES) {
                      const want = expectedIssue(role, v, scopes, ability, rel, confidential, locked, archived);
                      expect({ ability, rel, confidential, locked, archived, allowed: canIssue(actor, ability, p, i) }).toEqual({
                        ability, rel, confidential, locked, archived, allowed: want,
                      });
                    }
                  }
                }
              }
            }
          });
        });
      }
    }
  }
});

describe('policy spot checks (the cases the demo relies on)', () => {
  const pub = (level: number): ProjectFacts => ({ visibility: 'public', archived: false, accessLevel: level });
  const conf: IssueFacts = { confidential: true, authorId: 1, assigneeIds: [2], discussionLocked: false, state: 'opened' };
  const user = (id: number, scopes: string[] | null = null): Actor => ({ id, username: `u${id}`, isAdmin: false, scopes });

  it('a guest cannot see a confidential issue; its author and assignee can', () => {
    expect(canReadIssue(user(5), pub(ACCESS_LEVEL.GUEST), conf)).toBe(false);
    expect(canReadIssue(user(1), pub(ACCESS_LEVEL.GUEST), conf)).toBe(true);
    expect(canReadIssue(user(2), pub(ACCESS_LEVEL.NO_ACCESS), conf)).toBe(true);
    expect(canReadIssue(null, pub(0), conf)).toBe(false);
  });

  it('a new incident or test case needs reporter access; below it the request becomes a plain issue (GitLab BuildService)', () => {
    expect(creatableIssueType(user(5), 'incident', pub(ACCESS_LEVEL.GUEST))).toBe('issue');
    expect(creatableIssueType(user(5), 'test_case', pub(ACCESS_LEVEL.GUEST))).toBe('issue');
    expect(creatableIssueType(user(5), 'issue', pub(ACCESS_LEVEL.GUEST))).toBe('issue');
    expect(creatableIssueType(user(5), 'incident', pub(ACCESS_LEVEL.REPORTER))).toBe('incident');
    expect(creatableIssueType(user(5), 'test_case', pub(ACCESS_LEVEL.REPORTER))).toBe('test_case');
    expect(creatableIssueType(user(5, ['read_api']), 'incident', pub(ACCESS_LEVEL.OWNER))).toBe('issue');
  });

  it('only owners delete; developers edit; guests only comment', () => {
    const plain = { ...conf, confidential: false };
    expect(canIssue(user(5), 'destroy_issue', pub(ACCESS_LEVEL.MAINTAINER), plain)).toBe(false);
    expect(canIssue(user(5), 'destroy_issue', pub(ACCESS_LEVEL.OWNER), plain)).toBe(true);
    expect(canIssue(user(5), 'update_issue', pub(ACCESS_LEVEL.DEVELOPER), plain)).toBe(true);
    expect(canIssue(user(5), 'update_issue', pub(ACCESS_LEVEL.GUEST), plain)).toBe(false);
    expect(canIssue(user(5), 'create_note', pub(ACCESS_LEVEL.GUEST), plain)).toBe(true);
    expect(canIssue(user(5), 'create_note', pub(ACCESS_LEVEL.GUEST), { ...plain, discussionLocked: true })).toBe(false);
  });

  it('a read_api token reads but never writes, even for an owner', () => {
    const plain = { ...conf, confidential: false };
    const owner = pub(ACCESS_LEVEL.OWNER);
    expect(canIssue(user(5, ['read_api']), 'read_issue', owner, plain)).toBe(true);
    for (const a of ['update_issue', 'admin_issue', 'destroy_issue', 'create_note', 'reopen_issue'] as const)
      expect(canIssue(user(5, ['read_api']), a, owner, plain)).toBe(false);
    expect(canProject(user(5, ['read_api']), 'create_issue', owner)).toBe(false);
    expect(canIssue(user(5, ['api']), 'destroy_issue', owner, plain)).toBe(true);
  });

  it('an admin may do everything, even on a private project without membership', () => {
    const admin: Actor = { id: 3, username: 'root', isAdmin: true, scopes: null };
    const priv: ProjectFacts = { visibility: 'private', archived: false, accessLevel: 0 };
    for (const a of ISSUE_ABILITIES) expect(canIssue(admin, a, priv, conf)).toBe(true);
    for (const a of PROJECT_ABILITIES) expect(canProject(admin, a, priv)).toBe(true);
    const privGroup: GroupFacts = { visibility: 'private', accessLevel: 0 };
    for (const a of GROUP_ABILITIES) expect(canGroup(admin, a, privGroup)).toBe(true);
    for (const c of CHANGES) {
      expect(canChangeProjectMember(admin, priv, c)).toBe(true);
      expect(canChangeGroupMember(admin, privGroup, c)).toBe(true);
    }
  });

  it('a maintainer manages members below owner; only an owner touches the owner level', () => {
    const m = user(5);
    const maint = pub(ACCESS_LEVEL.MAINTAINER);
    expect(canChangeProjectMember(m, maint, { from: null, to: ACCESS_LEVEL.MAINTAINER, self: false })).toBe(true);
    expect(canChangeProjectMember(m, maint, { from: ACCESS_LEVEL.GUEST, to: null, self: false })).toBe(true);
    expect(canChangeProjectMember(m, maint, { from: null, to: ACCESS_LEVEL.OWNER, self: false })).toBe(false);
    expect(canChangeProjectMember(m, maint, { from: ACCESS_LEVEL.OWNER, to: ACCESS_LEVEL.DEVELOPER, self: false })).toBe(false);
    expect(canChangeProjectMember(m, maint, { from: ACCESS_LEVEL.OWNER, to: null, self: false })).toBe(false);
    expect(canChangeProjectMember(m, pub(ACCESS_LEVEL.OWNER), { from: ACCESS_LEVEL.OWNER, to: null, self: false })).toBe(true);
    expect(canChangeProjectMember(m, pub(ACCESS_LEVEL.DEVELOPER), { from: null, to: ACCESS_LEVEL.GUEST, self: false })).toBe(false);
    // a guest may leave, but not change their own level
    expect(canChangeProjectMember(m, pub(ACCESS_LEVEL.GUEST), { from: ACCESS_LEVEL.GUEST, to: null, self: true })).toBe(true);
    expect(canChangeProjectMember(m, pub(ACCESS_LEVEL.GUEST), { from: ACCESS_LEVEL.GUEST, to: ACCESS_LEVEL.DEVELOPER, self: true })).toBe(false);
    // visibility is the owner's; other settings the maintainer's
    expect(canProject(m, 'change_visibility_level', maint)).toBe(false);
    expect(canProject(m, 'admin_project', maint)).toBe(true);
    expect(canProject(m, 'change_visibility_level', pub(ACCESS_LEVEL.OWNER))).toBe(true);
    // read_api tokens read members but change nothing
    expect(canProject(user(5, ['read_api']), 'read_project_member', pub(ACCESS_LEVEL.OWNER))).toBe(true);
    expect(canChangeProjectMember(user(5, ['read_api']), pub(ACCESS_LEVEL.OWNER), { from: ACCESS_LEVEL.GUEST, to: null, self: true })).toBe(false);
  });

  it('group members are managed by owners, including owners of an ancestor group', () => {
    const g = (level: number): GroupFacts => ({ visibility: 'private', accessLevel: level });
    expect(canGroup(user(5), 'admin_group_member', g(ACCESS_LEVEL.MAINTAINER))).toBe(false);
    expect(canGroup(user(5), 'admin_group_member', g(ACCESS_LEVEL.OWNER))).toBe(true);
    expect(canGroup(user(5), 'read_group_member', g(ACCESS_LEVEL.NO_ACCESS))).toBe(false);
    expect(canGroup(null, 'read_group_member', { visibility: 'public', accessLevel: 0 })).toBe(true);
  });
});

describe('epic abilities (GitLab EpicPolicy)', () => {
  const readGroup = (role: Role, v: Visibility) => role !== 'anonymous' ? v !== 'private' || (ROLES[role] ?? 0) >= ACCESS_LEVEL.GUEST : v === 'public';
  function expectedEpic(role: Role, v: Visibility, scopes: string[] | null, ability: EpicAbility, confidential: boolean): boolean {
    if (scopes && !scopes.includes('api') && (!scopes.includes('read_api') || WRITES.has(ability))) return false;
    if (!readGroup(role, v)) return false;
    const level = ROLES[role] ?? 0;
    if (confidential && level < ACCESS_LEVEL.REPORTER) return false;
    if (ability === 'read_epic') return true;
    if (ability === 'destroy_epic') return level >= ACCESS_LEVEL.OWNER;
    return level >= ACCESS_LEVEL.REPORTER;
  }
  for (const role of Object.keys(ROLES) as Role[]) {
    it(`${role}: every visibility, scope and confidentiality`, () => {
      for (const v of VISIBILITIES)
        for (const { scopes } of role === 'anonymous' ? [{ scopes: null }] : SCOPES)
          for (const confidential of [false, true])
            for (const ability of EPIC_ABILITIES) {
              const g: GroupFacts = { visibility: v, accessLevel: ROLES[role] ?? 0 };
              expect({ v, scopes, confidential, ability, allowed: canEpic(actorFor(role, scopes), ability, g, { confidential }) }).toEqual({
                v, scopes, confidential, ability, allowed: expectedEpic(role, v, scopes, ability, confidential),
              });
            }
    });
  }
});

describe('merge request abilities (GitLab MergeRequestPolicy)', () => {
  const STATES = ['opened', 'closed', 'merged'] as const;
  function expectedMr(role: Role, v: Visibility, scopes: string[] | null, ability: MergeRequestAbility, author: boolean, state: (typeof STATES)[number], archived: boolean): boolean {
    if (role !== 'anonymous' && !scopeOk(scopes, ability)) return false;
    if (!expectedReadProject(role, v)) return false;
    const level = ROLES[role] ?? 0;
    // guests of a private project see neither its code nor its merge requests
    if (v === 'private' && level < ACCESS_LEVEL.REPORTER) return false;
    if (ability === 'read_merge_request') return true;
    if (role === 'anonymous' || archived) return false;
    const developer = level >= ACCESS_LEVEL.DEVELOPER;
    if (ability === 'update_merge_request') return developer || author;
    if (ability === 'merge_merge_request') return developer && state === 'opened';
    return developer;
  }
  for (const role of Object.keys(ROLES) as Role[]) {
    it(`${role}: every visibility, scope, authorship, state and archived`, () => {
      for (const v of VISIBILITIES)
        for (const { scopes } of role === 'anonymous' ? [{ scopes: null }] : SCOPES)
          for (const author of [false, true])
            for (const state of STATES)
              for (const archived of [false, true])
                for (const ability of MR_ABILITIES) {
                  const allowed = canMergeRequest(actorFor(role, scopes), ability, projectFacts(role, v, archived), { authorId: author ? ACTOR_ID : OTHER_ID, discussionLocked: false, state });
                  expect({ v, scopes, author, state, archived, ability, allowed }).toEqual({
                    v, scopes, author, state, archived, ability, allowed: expectedMr(role, v, scopes, ability, author, state, archived),
                  });
                }
    });
  }
});
