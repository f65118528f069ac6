"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.recordOf = exports.EPOCH = void 0;
exports.issueNoteMap = issueNoteMap;
exports.discussionPlace = discussionPlace;
exports.abilitiesIn = abilitiesIn;
exports.viewerNotes = viewerNotes;
exports.actorBasic = actorBasic;
const issue_permissions_1 = require("../../core/policy/issue-permissions");
const issue_context_1 = require("../issue/issue-context");
const user_mapper_1 = require("../user/user.mapper");
const note_mapper_1 = require("./note.mapper");
/** The issue's note-mapping context, with `users` for the notes' names. */
function issueNoteMap(config, ctx, users) {
    return { noteableIid: ctx.issue.iid, noteableUrl: (0, note_mapper_1.noteablePageUrl)(config.publicUrl, (0, issue_context_1.issueNoteable)(ctx.issue, ctx.project)), users };
}
function discussionPlace(ctx) {
    return { projectPath: ctx.project.fullPath, projectId: ctx.project.id, iid: ctx.issue.iid, issueId: ctx.issue.id };
}
/** The per-note abilities of `actor` on the notes of one discussion (its first note's author resolves the thread). */
function abilitiesIn(actor, ctx, discussion) {
    const perms = (0, issue_permissions_1.notePermissionsFor)(actor, ctx.projectFacts, ctx.facts);
    const rootAuthor = discussion[0]?.authorId ?? null;
    return (n) => perms({ authorId: n.authorId, system: n.system, internal: n.internal, resolvable: n.resolvable, discussionAuthorId: rootAuthor });
}
/** Notes of one discussion as one viewer sees them (current_user included). */
function viewerNotes(actor, ctx, records, map) {
    const can = abilitiesIn(actor, ctx, records);
    return records.map((r) => (0, note_mapper_1.toApiNote)(r, map, (0, issue_permissions_1.noteCurrentUser)(can(r))));
}
/** The actor's UserBasic, from the row read with the issue or given. */
function actorBasic(config, user) {
    return (0, user_mapper_1.toUserBasic)(user, config.publicUrl);
}
exports.EPOCH = new Date(0);
/** A stored note as a record (entity rows are records already). */
const recordOf = (n) => n;
exports.recordOf = recordOf;
//# sourceMappingURL=note-target.js.map