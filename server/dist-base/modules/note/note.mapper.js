"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.noteAuthor = void 0;
exports.userIdsOf = userIdsOf;
exports.toApiNote = toApiNote;
exports.noteablePageUrl = noteablePageUrl;
const shared_types_1 = require("@tandem/shared-types");
const noteAuthor = (u) => ({ ...u, path: `/${u.username}` });
exports.noteAuthor = noteAuthor;
/** Ids of every user a note's JSON names: author, last editor, resolver. */
function userIdsOf(notes) {
    const ids = new Set();
    for (const n of notes) {
        if (n.authorId !== null)
            ids.add(n.authorId);
        if (n.lastEditedAt && n.updatedById !== null)
            ids.add(n.updatedById);
        if (n.resolvedAt && n.resolvedById !== null)
            ids.add(n.resolvedById);
    }
    return [...ids];
}
/** The one note shape (shared-types ApiNote); `currentUser` only for an answer to one viewer. */
function toApiNote(n, ctx, currentUser) {
    const user = (id) => (id === null ? null : (ctx.users.get(id) ?? null));
    const author = user(n.authorId);
    const id = String(n.id);
    return {
        id,
        type: n.type,
        note: n.note,
        body: n.note,
        note_html: n.noteHtml,
        author: author ? (0, exports.noteAuthor)(author) : null,
        created_at: n.createdAt.toISOString(),
        updated_at: n.updatedAt.toISOString(),
        last_edited_at: n.lastEditedAt?.toISOString() ?? null,
        last_edited_by: n.lastEditedAt ? user(n.updatedById) : null,
        system: n.system,
        system_note_icon_name: n.system ? n.systemNoteIconName : null,
        noteable_id: n.noteableId,
        noteable_type: n.noteableType,
        noteable_iid: ctx.noteableIid,
        noteable_note_url: `${ctx.noteableUrl}#note_${id}`,
        project_id: n.projectId,
        discussion_id: n.discussionId,
        individual_note: n.type === null,
        internal: n.internal,
        confidential: n.internal,
        resolvable: n.resolvable,
        resolved: n.resolvedAt !== null,
        resolved_at: n.resolvedAt?.toISOString() ?? null,
        resolved_by: n.resolvedAt ? user(n.resolvedById) : null,
        emoji_awardable: !n.system,
        ...(ctx.accessLevels && !n.system && n.authorId !== null && ctx.accessLevels.has(n.authorId) ? { human_access: (0, shared_types_1.noteRoleBadge)(ctx.accessLevels.get(n.authorId)) } : {}),
        ...(n.descriptionVersionId ? descriptionVersionFields(n, ctx.noteableUrl) : {}),
        ...(currentUser ? { current_user: currentUser } : {}),
    };
}
/** Absolute URL of a noteable's page (the permalink base of its notes). */
function noteablePageUrl(publicUrl, n) {
    const path = n.ref.project_path;
    switch (n.type) {
        case 'Issue':
            return `${publicUrl}/${path}/-/issues/${n.ref.iid}`;
        case 'MergeRequest':
            return `${publicUrl}/${path}/-/merge_requests/${n.ref.iid}`;
        case 'Epic':
            return `${publicUrl}/groups/${path}/-/epics/${n.ref.iid}`;
    }
}
/** A "changed the description" note's version fields and the compare paths (GitLab's NoteEntity). */
function descriptionVersionFields(n, noteableUrl) {
    const issuePath = new URL(noteableUrl).pathname;
    const start = n.startDescriptionVersionId ?? null;
    return {
        description_version_id: n.descriptionVersionId,
        start_description_version_id: start,
        description_version_deleted: n.descriptionVersionDeleted ?? false,
        description_diff_path: `${issuePath}/descriptions/${n.descriptionVersionId}/diff${start ? `?start_version_id=${start}` : ''}`,
        delete_description_version_path: `${issuePath}/descriptions/${n.descriptionVersionId}`,
    };
}
//# sourceMappingURL=note.mapper.js.map