import { describe, expect, it } from 'vitest';
import { ACCESS_LEVEL, type Visibility } from '@tandem/shared-types';
import { issueHeaderFlags, issuePagePermissions, issuePermissions, noteCurrentUser, notePermissions, type NoteFacts } from '../issue-permissions';
import type { Actor, IssueFacts, ProjectFacts } from '../policy';

/**
 * The projection's matrix, written out from GitLab's rules (IssuablePolicy, NotePolicy) rather
 * than from the code: every role × relation to the issue × confidential × locked × archived,
 * on a public and a private project, and for notes: own or not, system, internal, resolvable.
 */
const ROLES = {
  anonymous: null,
  nonMember: ACCESS_LEVEL.NO_ACCESS,
  guest: ACCESS_LEVEL.GUEST,
  reporter: ACCESS_LEVEL.REPORTER,
  developer: ACCESS_LEVEL.DEVELOPER,
  maintainer: ACCESS_LEVEL.MAINTAINER,
  owner: ACCESS_LEVEL.OWNER,
  admin: ACCESS_LEVEL.NO_ACCESS,
} as const;
type Role = keyof typeof ROLES;
const RELATIONS = ['none', 'author', 'assignee'] as const;
const ME = 7;
const OTHER = 99;

interface Case {
  role: Role;
  relation: (typeof RELATIONS)[number];
  visibility: Visibility;
  confidential: boolean;
  locked: boolean;
  archived: boolean;
}

function* cases(): Generator<Case> {
  for (const role of Object.keys(ROLES) as Role[])
    for (const relation of RELATIONS)
      for (const visibility of ['public', 'private'] as Visibility[])
        for (const confidential of [false, true])
          for (const locked of [false, true])
            for (const archived of [false, true]) {
              if (role === 'anonymous' && relation !== 'none') continue;
              yield { role, relation, visibility, confidential, locked, archived };
            }
}

function setup(c: Case, scopes: string[] | null = null): { actor: Actor | null; p: ProjectFacts; i: IssueFacts } {
  const actor = c.role === 'anonymous' ? null : { id: ME, username: 'me', isAdmin: c.role === 'admin', scopes };
  const p: ProjectFacts = { visibility: c.visibility, archived: c.archived, accessLevel: ROLES[c.role] ?? 0 };
  const i: IssueFacts = {
    confidential: c.confidential,
    authorId: c.relation === 'author' ? ME : OTHER,
    assigneeIds: c.relation === 'assignee' ? [ME] : [OTHER],
    discussionLocked: c.locked,
    state: 'opened',
  };
  return { actor, p, i };
}

/** The rules, stated plainly. */
function expected(c: Case) {
  const signedIn = c.role !== 'anonymous';
  const admin = c.role === 'admin';
  const level = ROLES[c.role] ?? 0;
  const reporter = admin || level >= ACCESS_LEVEL.REPORTER;
  const involved = c.relation !== 'none';
  const seesProject = c.visibility === 'public' || admin || (signedIn && level >= ACCESS_LEVEL.GUEST);
  const readIssue = seesProject && (!c.confidential || (signedIn && (reporter || involved)));
  const writes = readIssue && signedIn && !c.archived;
  const createNote = writes && (!c.locked || reporter);
  return {
    readIssue,
    updateIssue: writes && (reporter || involved),
    reopenIssue: writes && (reporter || involved),
    adminIssue: writes && reporter,
    destroyIssue: writes && (admin || level >= ACCESS_LEVEL.OWNER),
    createNote,
    createIssue: seesProject && signedIn && !c.archived,
    readInternalNote: readIssue && signedIn && reporter,
    createInternalNote: createNote && reporter,
    awardEmoji: createNote,
    maintainer: admin || level >= ACCESS_LEVEL.MAINTAINER,
  };
}

const label = (c: Case) => `${c.role}/${c.relation}/${c.visibility}${c.confidential ? '/confidential' : ''}${c.locked ? '/locked' : ''}${c.archived ? '/archived' : ''}`;

describe('issuePermissions', () => {
  it('answers every flag as the rules say, for every role and issue', () => {
    let n = 0;
    for (const c of cases()) {
      const { actor, p, i } = setup(c);
      const { maintainer: _m, ...want } = expected(c);
      expect({ case: label(c), got: issuePermissions(actor, p, i) }).toEqual({ case: label(c), got: want });
      n++;
    }
    expect(n).toBeGreaterThan(300);
  });

  it('gives a read_api token reading flags only', () => {
    const c: Case = { role: 'owner', relation: 'author', visibility: 'private', confidential: false, locked: false, archived: false };
    const { actor, p, i } = setup(c, ['read_api']);
    expect(issuePermissions(actor, p, i)).toEqual({
      readIssue: true, updateIssue: false, adminIssue: false, reopenIssue: false, destroyIssue: false, createNote: false,
      createIssue: false, readInternalNote: true, createInternalNote: false, awardEmoji: false,
    });
  });

  it('names the page flags after the spec, from the same answers', () => {
    for (const c of cases()) {
      const { actor, p, i } = setup(c);
      const e = expected(c);
      expect({ case: label(c), got: issuePagePermissions(actor, p, i) }).toEqual({
        case: label(c),
        got: {
          canUpdateIssue: e.updateIssue, canReopenIssue: e.reopenIssue, canCreateIssue: e.createIssue, canDestroy: e.destroyIssue,
          canAdmin: e.adminIssue, canCreateNote: e.createNote, canUpdate: e.updateIssue, canCreateInternalNote: e.createInternalNote,
          canAwardEmoji: e.awardEmoji,
          // no group given: a project outside a group has nothing to promote into
          canPromoteToEpic: false,
          ...issueHeaderFlags(actor, p, i),
          canCreateNoteWhenLocked: expected({ ...c, locked: true }).createNote,
          canCreateNoteWhenUnlocked: expected({ ...c, locked: false }).createNote,
          canAwardEmojiWhenLocked: expected({ ...c, locked: true }).awardEmoji,
          canAwardEmojiWhenUnlocked: expected({ ...c, locked: false }).awardEmoji,
        },
      });
    }
  });

  it('canPromoteToEpic: admin_issue on the issue and create_epic (reporter) in the group', () => {
    const i: IssueFacts = { confidential: false, authorId: null, assigneeIds: [], discussionLocked: false, state: 'opened' };
    const p = (level: number): ProjectFacts => ({ visibility: 'public', archived: false, accessLevel: level });
    const g = (level: number) => ({ visibility: 'public' as const, accessLevel: level });
    const me: Actor = { id: ME, username: 'me', isAdmin: false, scopes: null };
    expect(issuePagePermissions(me, p(ACCESS_LEVEL.REPORTER), i, g(ACCESS_LEVEL.REPORTER)).canPromoteToEpic).toBe(true);
    // a reporter of the project only (not of its group) may not create the group's epic
    expect(issuePagePermissions(me, p(ACCESS_LEVEL.REPORTER), i, g(ACCESS_LEVEL.NO_ACCESS)).canPromoteToEpic).toBe(false);
    expect(issuePagePermissions(me, p(ACCESS_LEVEL.GUEST), i, g(ACCESS_LEVEL.GUEST)).canPromoteToEpic).toBe(false);
    expect(issuePagePermissions(null, p(ACCESS_LEVEL.NO_ACCESS), i, g(ACCESS_LEVEL.NO_ACCESS)).canPromoteToEpic).toBe(false);
    expect(issuePagePermissions({ ...me, scopes: ['read_api'] }, p(ACCESS_LEVEL.OWNER), i, g(ACCESS_LEVEL.OWNER)).canPromoteToEpic).toBe(false);
  });
});

describe('notePermissions', () => {
  const NOTES: Array<{ name: string; facts: NoteFacts }> = [
    { name: 'my comment', facts: { authorId: ME, system: false, internal: false, resolvable: false } },
    { name: "someone's comment", facts: { authorId: OTHER, system: false, internal: false, resolvable: false } },
    { name: 'my thread note', facts: { authorId: ME, system: false, internal: false, resolvable: true } },
    { name: "someone's thread note", facts: { authorId: OTHER, system: false, internal: false, resolvable: true } },
    { name: "a reply to someone's thread, mine", facts: { authorId: ME, system: false, internal: false, resolvable: true, discussionAuthorId: OTHER } },
    { name: 'my internal note', facts: { authorId: ME, system: false, internal: true, resolvable: false } },
    { name: "someone's internal note", facts: { authorId: OTHER, system: false, internal: true, resolvable: false } },
    { name: 'a system note', facts: { authorId: OTHER, system: true, internal: false, resolvable: false } },
    { name: 'a system note I caused', facts: { authorId: ME, system: true, internal: false, resolvable: false } },
  ];

  it('answers read, edit, award, resolve and reply per note as NotePolicy says', () => {
    for (const c of cases()) {
      const { actor, p, i } = setup(c);
      const e = expected(c);
      for (const { name, facts: n } of NOTES) {
        const mine = c.role !== 'anonymous' && n.authorId === ME;
        const readNote = e.readIssue && (!n.internal || e.readInternalNote);
        const canWrite = readNote && e.createNote;
        const resolver = (author: number | null) => canWrite && (author === ME || c.relation === 'author' || e.adminIssue);
        const want = {
          readNote,
          adminNote: canWrite && !n.system && (mine || e.maintainer),
          awardEmoji: readNote && !n.system && e.awardEmoji,
          resolveNote: n.resolvable && resolver(n.authorId),
          resolveDiscussion: n.resolvable && resolver(n.discussionAuthorId ?? n.authorId),
          createNote: canWrite,
        };
        expect({ case: `${label(c)}: ${name}`, got: notePermissions(actor, p, i, n) }).toEqual({ case: `${label(c)}: ${name}`, got: want });
      }
    }
  });

  it('shows as the note JSON current_user block', () => {
    const c: Case = { role: 'guest', relation: 'none', visibility: 'public', confidential: false, locked: false, archived: false };
    const { actor, p, i } = setup(c);
    expect(noteCurrentUser(notePermissions(actor, p, i, NOTES[0]!.facts))).toEqual({ can_edit: true, can_award_emoji: true, can_resolve: false, can_resolve_discussion: false });
    expect(noteCurrentUser(notePermissions(actor, p, i, NOTES[1]!.facts))).toEqual({ can_edit: false, can_award_emoji: true, can_resolve: false, can_resolve_discussion: false });
    expect(noteCurrentUser(notePermissions(actor, p, i, NOTES[2]!.facts))).toEqual({ can_edit: true, can_award_emoji: true, can_resolve: true, can_resolve_discussion: true });
    expect(noteCurrentUser(notePermissions(null, p, i, NOTES[1]!.facts))).toEqual({ can_edit: false, can_award_emoji: false, can_resolve: false, can_resolve_discussion: false });
  });
});
