import { ACCESS_LEVEL, type IssuePermissions, type NoteCurrentUser } from '@tandem/shared-types';
import { canEpic, canIssue, canProject, scopeAllows, type Actor, type GroupFacts, type IssueFacts, type ProjectFacts } from './policy';

/**
 * "What may this user do" projected once from the policy's abilities, for every surface that
 * shows it: the page data, GraphQL `userPermissions` and the per-note `current_user` of the
 * note JSON. Pure, like policy.ts: callers load the facts.
 */

/** GitLab's IssuePermissions names (GraphQL), one per ability. */
export interface IssueAbilities {
  readIssue: boolean;
  updateIssue: boolean;
  adminIssue: boolean;
  reopenIssue: boolean;
  destroyIssue: boolean;
  createNote: boolean;
  /** Project-level: report a new issue in the issue's project. */
  createIssue: boolean;
  /** Internal notes are shown to reporters and up (read_confidential_issues). */
  readInternalNote: boolean;
  createInternalNote: boolean;
  awardEmoji: boolean;
}

export function issuePermissions(actor: Actor | null, p: ProjectFacts, i: IssueFacts): IssueAbilities {
  const readIssue = canIssue(actor, 'read_issue', p, i);
  const createNote = canIssue(actor, 'create_note', p, i);
  const readInternalNote = readIssue && canProject(actor, 'read_confidential_issues', p);
  return {
    readIssue,
    updateIssue: canIssue(actor, 'update_issue', p, i),
    adminIssue: canIssue(actor, 'admin_issue', p, i),
    reopenIssue: canIssue(actor, 'reopen_issue', p, i),
    destroyIssue: canIssue(actor, 'destroy_issue', p, i),
    createNote,
    createIssue: canProject(actor, 'create_issue', p),
    readInternalNote,
    createInternalNote: createNote && readInternalNote,
    // A reaction is a write: a signed-in reader of a live project with a write-scoped token;
    // a locked discussion takes reactions only from those who may still comment
    awardEmoji: readIssue && actor !== null && scopeAllows(actor, 'create_note') && !p.archived && (!i.discussionLocked || createNote),
  };
}

/**
 * promote_to_epic (GitLab): admin_issue on the issue and create_epic in the project's group;
 * `group` is null for a project outside a group (nothing to promote into).
 */
export function canPromoteToEpic(actor: Actor | null, p: ProjectFacts, i: IssueFacts, group: GroupFacts | null): boolean {
  return group !== null && canIssue(actor, 'admin_issue', p, i) && canEpic(actor, 'create_epic', group, null);
}

/** The issue page's flags (spec issue-page §6, discussions §3), from the same abilities. */
export function issuePagePermissions(actor: Actor | null, p: ProjectFacts, i: IssueFacts, group: GroupFacts | null = null): IssuePermissions {
  const a = issuePermissions(actor, p, i);
  return {
    canUpdateIssue: a.updateIssue,
    canReopenIssue: a.reopenIssue,
    canCreateIssue: a.createIssue,
    canDestroy: a.destroyIssue,
    canAdmin: a.adminIssue,
    canCreateNote: a.createNote,
    canCreateNoteWhenLocked: canIssue(actor, 'create_note', p, { ...i, discussionLocked: true }),
    canCreateNoteWhenUnlocked: canIssue(actor, 'create_note', p, { ...i, discussionLocked: false }),
    canUpdate: a.updateIssue,
    canCreateInternalNote: a.createInternalNote,
    canAwardEmoji: a.awardEmoji,
    canAwardEmojiWhenLocked: issuePermissions(actor, p, { ...i, discussionLocked: true }).awardEmoji,
    canAwardEmojiWhenUnlocked: issuePermissions(actor, p, { ...i, discussionLocked: false }).awardEmoji,
    ...issueHeaderFlags(actor, p, i, a),
    canPromoteToEpic: canPromoteToEpic(actor, p, i, group),
  };
}

/**
 * The header's flags (spec issue-page §6): Report abuse for any signed-in reader who is not the
 * author; Submit as spam for admins (it hides the issue from everyone else); the edit form's
 * Delete needs canDestroy and showDeleteButton. Promote to epic is
 * canPromoteToEpic above.
 */
export function issueHeaderFlags(actor: Actor | null, p: ProjectFacts, i: IssueFacts, a: IssueAbilities = issuePermissions(actor, p, i)) {
  const signedInWriter = actor !== null && a.readIssue && scopeAllows(actor, 'create_note');
  return {
    canReportAbuse: signedInWriter && i.authorId !== actor!.id,
    canReportSpam: signedInWriter && actor!.isAdmin && !i.hidden,
    showDeleteButton: a.destroyIssue,
  };
}

/** What the per-note projection needs to know about a note. */
export interface NoteFacts {
  authorId: number | null;
  system: boolean;
  internal: boolean;
  resolvable: boolean;
  /** Author of the discussion's first note (resolving a thread); defaults to the note's author. */
  discussionAuthorId?: number | null;
}

/** GitLab's NotePermissions names (GraphQL `Note.userPermissions`). */
export interface NoteAbilities {
  readNote: boolean;
  /** Edit and delete. */
  adminNote: boolean;
  awardEmoji: boolean;
  resolveNote: boolean;
  resolveDiscussion: boolean;
  /** Reply in the note's discussion. */
  createNote: boolean;
}

/**
 * What the per-note rules need of a noteable, for one actor: the same for issues and epics
 * (issueNoteableAbilities here, epicNoteableAbilities in epic-permissions.ts).
 */
export interface NoteableAbilities {
  read: boolean;
  createNote: boolean;
  readInternalNote: boolean;
  /** Triage (admin_issue / admin_epic): resolves anyone's threads. */
  admin: boolean;
  awardEmoji: boolean;
  /** Administers anyone's notes (maintainers and up, admins). */
  maintainer: boolean;
  /** Notes may be written at all: signed in, a write-scoped token, not an archived project. */
  writes: boolean;
  /** The noteable's author (resolves threads on it). */
  authorId: number | null;
}

export function issueNoteableAbilities(actor: Actor | null, p: ProjectFacts, i: IssueFacts): NoteableAbilities {
  const issue = issuePermissions(actor, p, i);
  return {
    read: issue.readIssue,
    createNote: issue.createNote,
    readInternalNote: issue.readInternalNote,
    admin: issue.adminIssue,
    awardEmoji: issue.awardEmoji,
    maintainer: actor !== null && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.MAINTAINER),
    writes: actor !== null && scopeAllows(actor, 'create_note') && !p.archived,
    authorId: i.authorId,
  };
}

/**
 * The per-note projection, with the noteable's abilities computed once for a page of notes.
 * GitLab's NotePolicy: authors administer their own notes, maintainers anyone's; system notes
 * are never editable; authors of the note or of the noteable resolve, and so do those who
 * triage it (reporters and up); nothing at all on a note the actor may not read.
 */
export function notePermissionsOn(actor: Actor | null, a: NoteableAbilities): (n: NoteFacts) => NoteAbilities {
  // Editing and resolving are writes: not in an archived project, not with a read-only token,
  // and on a locked issue only by those who may still comment
  const writes = a.writes && a.createNote;
  return (n) => {
    const readNote = a.read && (!n.internal || a.readInternalNote);
    const mine = actor !== null && n.authorId === actor.id;
    const resolver = (authorId: number | null) => readNote && writes && (authorId === actor?.id || a.authorId === actor?.id || a.admin);
    return {
      readNote,
      adminNote: readNote && writes && !n.system && (mine || a.maintainer),
      awardEmoji: readNote && !n.system && a.awardEmoji,
      resolveNote: n.resolvable && resolver(n.authorId),
      resolveDiscussion: n.resolvable && resolver(n.discussionAuthorId === undefined ? n.authorId : n.discussionAuthorId),
      createNote: readNote && a.createNote,
    };
  };
}

/** notePermissionsOn for an issue. */
export function notePermissionsFor(actor: Actor | null, p: ProjectFacts, i: IssueFacts): (n: NoteFacts) => NoteAbilities {
  return notePermissionsOn(actor, issueNoteableAbilities(actor, p, i));
}

export function notePermissions(actor: Actor | null, p: ProjectFacts, i: IssueFacts, n: NoteFacts): NoteAbilities {
  return notePermissionsFor(actor, p, i)(n);
}

/** The note JSON's `current_user` block. */
export function noteCurrentUser(a: NoteAbilities): NoteCurrentUser {
  return { can_edit: a.adminNote, can_award_emoji: a.awardEmoji, can_resolve: a.resolveNote, can_resolve_discussion: a.resolveDiscussion };
}
