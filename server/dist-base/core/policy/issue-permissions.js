"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.issuePermissions = issuePermissions;
exports.canPromoteToEpic = canPromoteToEpic;
exports.issuePagePermissions = issuePagePermissions;
exports.issueHeaderFlags = issueHeaderFlags;
exports.notePermissionsFor = notePermissionsFor;
exports.notePermissions = notePermissions;
exports.noteCurrentUser = noteCurrentUser;
const shared_types_1 = require("@tandem/shared-types");
const policy_1 = require("./policy");
function issuePermissions(actor, p, i) {
    const readIssue = (0, policy_1.canIssue)(actor, 'read_issue', p, i);
    const createNote = (0, policy_1.canIssue)(actor, 'create_note', p, i);
    const readInternalNote = readIssue && (0, policy_1.canProject)(actor, 'read_confidential_issues', p);
    return {
        readIssue,
        updateIssue: (0, policy_1.canIssue)(actor, 'update_issue', p, i),
        adminIssue: (0, policy_1.canIssue)(actor, 'admin_issue', p, i),
        reopenIssue: (0, policy_1.canIssue)(actor, 'reopen_issue', p, i),
        destroyIssue: (0, policy_1.canIssue)(actor, 'destroy_issue', p, i),
        createNote,
        createIssue: (0, policy_1.canProject)(actor, 'create_issue', p),
        readInternalNote,
        createInternalNote: createNote && readInternalNote,
        // A reaction is a write: a signed-in reader of a live project with a write-scoped token;
        // a locked discussion takes reactions only from those who may still comment
        awardEmoji: readIssue && actor !== null && (0, policy_1.scopeAllows)(actor, 'create_note') && !p.archived && (!i.discussionLocked || createNote),
    };
}
/**
 * promote_to_epic (GitLab): admin_issue on the issue and create_epic in the project's group;
 * `group` is null for a project outside a group (nothing to promote into).
 */
function canPromoteToEpic(actor, p, i, group) {
    return group !== null && (0, policy_1.canIssue)(actor, 'admin_issue', p, i) && (0, policy_1.canEpic)(actor, 'create_epic', group, null);
}
/** The issue page's flags (spec issue-page §6, discussions §3), from the same abilities. */
function issuePagePermissions(actor, p, i, group = null) {
    const a = issuePermissions(actor, p, i);
    return {
        canUpdateIssue: a.updateIssue,
        canReopenIssue: a.reopenIssue,
        canCreateIssue: a.createIssue,
        canDestroy: a.destroyIssue,
        canAdmin: a.adminIssue,
        canCreateNote: a.createNote,
        canCreateNoteWhenLocked: (0, policy_1.canIssue)(actor, 'create_note', p, { ...i, discussionLocked: true }),
        canCreateNoteWhenUnlocked: (0, policy_1.canIssue)(actor, 'create_note', p, { ...i, discussionLocked: false }),
        canUpdate: a.updateIssue,
        canCreateInternalNote: a.createInternalNote,
        canAwardEmoji: a.awardEmoji,
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
function issueHeaderFlags(actor, p, i, a = issuePermissions(actor, p, i)) {
    const signedInWriter = actor !== null && a.readIssue && (0, policy_1.scopeAllows)(actor, 'create_note');
    return {
        canReportAbuse: signedInWriter && i.authorId !== actor.id,
        canReportSpam: signedInWriter && actor.isAdmin && !i.hidden,
        showDeleteButton: a.destroyIssue,
    };
}
/**
 * The per-note projection, with the issue's abilities computed once for a page of notes.
 * GitLab's NotePolicy: authors administer their own notes, maintainers anyone's; system notes
 * are never editable; authors of the note or of the issue resolve, and so do reporters and up
 * (who triage the issue); nothing at all on a note the actor may not read.
 */
function notePermissionsFor(actor, p, i) {
    const issue = issuePermissions(actor, p, i);
    const maintainer = actor !== null && (actor.isAdmin || p.accessLevel >= shared_types_1.ACCESS_LEVEL.MAINTAINER);
    // Editing and resolving are writes: not in an archived project, not with a read-only token,
    // and on a locked issue only by those who may still comment
    const writes = actor !== null && (0, policy_1.scopeAllows)(actor, 'create_note') && !p.archived && issue.createNote;
    return (n) => {
        const readNote = issue.readIssue && (!n.internal || issue.readInternalNote);
        const mine = actor !== null && n.authorId === actor.id;
        const resolver = (authorId) => readNote && writes && (authorId === actor?.id || i.authorId === actor?.id || issue.adminIssue);
        return {
            readNote,
            adminNote: readNote && writes && !n.system && (mine || maintainer),
            awardEmoji: readNote && !n.system && issue.awardEmoji,
            resolveNote: n.resolvable && resolver(n.authorId),
            resolveDiscussion: n.resolvable && resolver(n.discussionAuthorId === undefined ? n.authorId : n.discussionAuthorId),
            createNote: readNote && issue.createNote,
        };
    };
}
function notePermissions(actor, p, i, n) {
    return notePermissionsFor(actor, p, i)(n);
}
/** The note JSON's `current_user` block. */
function noteCurrentUser(a) {
    return { can_edit: a.adminNote, can_award_emoji: a.awardEmoji, can_resolve: a.resolveNote, can_resolve_discussion: a.resolveDiscussion };
}
//# sourceMappingURL=issue-permissions.js.map