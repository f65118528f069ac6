"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toApiDiscussion = toApiDiscussion;
exports.groupByDiscussion = groupByDiscussion;
const shared_types_1 = require("@tandem/shared-types");
/** Notes (one discussion's, oldest first) as GitLab's DiscussionEntity. */
function toApiDiscussion(notes, place) {
    const first = notes[0];
    const paths = (0, shared_types_1.noteablePaths)(place.projectPath, place.iid, place.issueId);
    const resolved = (0, shared_types_1.discussionResolved)(notes);
    // The last resolution is the discussion's (GitLab: the latest resolved note)
    const last = resolved ? [...notes].filter((n) => n.resolvable && n.resolved_at).sort((a, b) => (a.resolved_at < b.resolved_at ? -1 : 1)).pop() : undefined;
    return {
        id: first.discussion_id,
        reply_id: first.discussion_id,
        project_id: place.projectId,
        individual_note: notes.length === 1 && first.type === null,
        diff_discussion: false,
        for_commit: false,
        commit_id: null,
        expanded: !resolved,
        confidential: first.internal,
        resolvable: notes.some((n) => n.resolvable),
        resolved,
        resolved_at: last?.resolved_at ?? null,
        resolved_by: last?.resolved_by ?? null,
        resolve_path: paths.discussionResolve(first.discussion_id),
        discussion_path: paths.discussion(first.discussion_id),
        created_at: first.created_at,
        notes: [...notes],
    };
}
/** Groups notes (already in discussion order, each discussion's notes oldest first) by discussion, keeping the order. */
function groupByDiscussion(notes) {
    const groups = new Map();
    for (const n of notes) {
        const g = groups.get(n.discussion_id);
        if (g)
            g.push(n);
        else
            groups.set(n.discussion_id, [n]);
    }
    return [...groups.values()];
}
//# sourceMappingURL=discussion.mapper.js.map