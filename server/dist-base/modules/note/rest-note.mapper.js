"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toRestNote = toRestNote;
exports.toRestDiscussion = toRestDiscussion;
function toRestNote(n) {
    const author = n.author ? (({ path: _path, ...rest }) => rest)(n.author) : null;
    return {
        id: Number(n.id),
        type: n.type,
        body: n.note,
        attachment: null,
        author: author,
        created_at: n.created_at,
        updated_at: n.updated_at,
        system: n.system,
        noteable_id: n.noteable_id,
        noteable_type: n.noteable_type,
        project_id: n.project_id,
        resolvable: n.resolvable,
        ...(n.resolvable ? { resolved: n.resolved, resolved_by: n.resolved_by, resolved_at: n.resolved_at } : {}),
        confidential: n.internal,
        internal: n.internal,
        imported: false,
        imported_from: 'none',
        noteable_iid: n.noteable_iid,
        commands_changes: {},
    };
}
function toRestDiscussion(d) {
    return { id: d.id, individual_note: d.individual_note, notes: d.notes.map(toRestNote) };
}
//# sourceMappingURL=rest-note.mapper.js.map