import { describe, expect, it } from 'vitest';
import { ACCESS_LEVEL } from '@tandem/shared-types';
import { epicNoteableAbilities, epicPagePermissions } from '../epic-permissions';
import { notePermissionsOn } from '../issue-permissions';
import type { Actor, GroupFacts } from '../policy';

const me: Actor = { id: 7, username: 'me', isAdmin: false, scopes: null };
const g = (accessLevel: number, visibility: GroupFacts['visibility'] = 'public'): GroupFacts => ({ visibility, accessLevel });
const open = { confidential: false, authorId: 1 };

describe('epic discussion rules (EpicPolicy + NotePolicy)', () => {
  it('readers of the group comment and react; internal notes and triage from reporter up; administering others’ notes from maintainer up', () => {
    const nonMember = epicNoteableAbilities(me, g(0), open);
    expect(nonMember).toMatchObject({ read: true, createNote: true, awardEmoji: true, readInternalNote: false, admin: false, maintainer: false });
    expect(epicNoteableAbilities(me, g(ACCESS_LEVEL.REPORTER), open)).toMatchObject({ readInternalNote: true, admin: true, maintainer: false });
    expect(epicNoteableAbilities(me, g(ACCESS_LEVEL.MAINTAINER), open)).toMatchObject({ maintainer: true });
    expect(epicNoteableAbilities(null, g(0), open)).toMatchObject({ read: true, createNote: false, awardEmoji: false });
  });

  it('nothing on a private group for a non-member, nor on a confidential epic for a guest', () => {
    expect(epicNoteableAbilities(me, g(0, 'private'), open)).toMatchObject({ read: false, createNote: false, awardEmoji: false });
    expect(epicNoteableAbilities(me, g(ACCESS_LEVEL.GUEST), { ...open, confidential: true })).toMatchObject({ read: false, createNote: false });
    expect(epicNoteableAbilities(me, g(ACCESS_LEVEL.REPORTER), { ...open, confidential: true })).toMatchObject({ read: true, createNote: true });
  });

  it('a read-only token reads but does not write', () => {
    expect(epicNoteableAbilities({ ...me, scopes: ['read_api'] }, g(ACCESS_LEVEL.OWNER), open)).toMatchObject({ read: true, createNote: false, awardEmoji: false });
  });

  it('per note: authors edit their own, the epic author resolves threads on it, guests do not resolve others', () => {
    const guest = notePermissionsOn(me, epicNoteableAbilities(me, g(ACCESS_LEVEL.GUEST), open));
    expect(guest({ authorId: 7, system: false, internal: false, resolvable: true })).toMatchObject({ adminNote: true, resolveNote: true });
    expect(guest({ authorId: 2, system: false, internal: false, resolvable: true })).toMatchObject({ adminNote: false, resolveNote: false, awardEmoji: true });
    expect(guest({ authorId: 2, system: false, internal: true, resolvable: false })).toMatchObject({ readNote: false, awardEmoji: false });
    const author = notePermissionsOn(me, epicNoteableAbilities(me, g(ACCESS_LEVEL.GUEST), { ...open, authorId: 7 }));
    expect(author({ authorId: 2, system: false, internal: false, resolvable: true }).resolveNote).toBe(true);
  });

  it("the page's flags: epics do not lock, so the locked/unlocked flags equal canCreateNote", () => {
    const p = epicPagePermissions(me, g(ACCESS_LEVEL.GUEST), open);
    expect(p).toMatchObject({ canCreateNote: true, canCreateNoteWhenLocked: true, canCreateNoteWhenUnlocked: true, canCreateInternalNote: false, canUpdateIssue: false, canAwardEmoji: true });
    expect(epicPagePermissions(me, g(ACCESS_LEVEL.REPORTER), open)).toMatchObject({ canUpdateIssue: true, canCreateInternalNote: true, canDestroy: false });
  });
});
