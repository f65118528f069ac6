import { ACCESS_LEVEL, type IssuePermissions } from '@tandem/shared-types';
import type { NoteableAbilities } from './issue-permissions';
import { canEpic, scopeAllows, type Actor, type EpicFacts, type GroupFacts } from './policy';

/** An epic as its discussion's rules need it. */
export interface EpicNoteFacts extends EpicFacts {
  authorId: number | null;
}

/**
 * The note rules' view of an epic (GitLab's EpicPolicy + NotePolicy): whoever reads the epic
 * comments and reacts (signed in, write-scoped token); internal notes are for reporters and up
 * in the group; reporters triage (resolve anyone's threads), maintainers administer anyone's
 * notes. Epics have no discussion lock.
 */
export function epicNoteableAbilities(actor: Actor | null, g: GroupFacts, e: EpicNoteFacts): NoteableAbilities {
  const read = canEpic(actor, 'read_epic', g, e);
  const writes = actor !== null && scopeAllows(actor, 'create_note');
  const level = actor?.isAdmin ? ACCESS_LEVEL.OWNER : g.accessLevel;
  return {
    read,
    createNote: read && writes,
    readInternalNote: read && actor !== null && level >= ACCESS_LEVEL.REPORTER,
    admin: canEpic(actor, 'admin_epic', g, e),
    awardEmoji: read && writes,
    maintainer: actor !== null && level >= ACCESS_LEVEL.MAINTAINER,
    writes,
    authorId: e.authorId,
  };
}

/** The epic page's flags, in the shared discussion area's names (IssuePermissions). */
export function epicPagePermissions(actor: Actor | null, g: GroupFacts, e: EpicNoteFacts): IssuePermissions {
  const a = epicNoteableAbilities(actor, g, e);
  const admin = canEpic(actor, 'admin_epic', g, e);
  return {
    canUpdateIssue: admin,
    canReopenIssue: admin,
    canCreateIssue: false,
    canDestroy: canEpic(actor, 'destroy_epic', g, e),
    canAdmin: admin,
    canCreateNote: a.createNote,
    canCreateNoteWhenLocked: a.createNote,
    canCreateNoteWhenUnlocked: a.createNote,
    canUpdate: admin,
    canCreateInternalNote: a.createNote && a.readInternalNote,
    canAwardEmoji: a.awardEmoji,
  };
}

/**
 * can_delete_description_version on an epic (spec discussions §6, as canDeleteDescriptionVersion
 * for issues): whoever may edit the epic (admin_epic: reporters and up, admins) removes any
 * version, their own included; nobody else does.
 */
export function canDeleteEpicDescriptionVersion(actor: Actor | null, g: GroupFacts, e: EpicFacts, _versionAuthorId: number | null): boolean {
  return canEpic(actor, 'admin_epic', g, e);
}
