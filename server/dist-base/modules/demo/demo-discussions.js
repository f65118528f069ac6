"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.seedDemoDiscussions = seedDemoDiscussions;
const note_writer_1 = require("../note/note-writer");
/**
 * Threads on a demo issue, so its page shows a real discussion: an open thread with replies
 * and a resolved one (after the issue's two plain comments).
 */
async function seedDemoDiscussions(m, md, at) {
    const threads = [
        {
            notes: [
                ['carol', 'How do we order events when two nodes write to the same issue at once?'],
                ['bob', 'Each write takes the issue row and bumps `event_seq` in the same statement, so the database orders them. See #2 for the reconnect side.'],
                ['alice', 'Sounds right. @carol can you add a test with two concurrent writers?'],
            ],
        },
        {
            resolvedBy: 'alice',
            notes: [
                ['dave', 'Should the polling fallback send an `ETag`?'],
                ['alice', 'Yes: empty answers carry the issue seq as ETag, so idle pollers get a 304 without touching Postgres.'],
            ],
        },
    ];
    let minute = 30;
    for (const t of threads) {
        const discussionId = (0, note_writer_1.newDiscussionId)();
        const resolverId = t.resolvedBy ? at.userIds.get(t.resolvedBy) : null;
        for (const [author, body] of t.notes) {
            const when = new Date(at.createdAt.getTime() + minute++ * 60_000);
            await m.query(`INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, note, note_html, type, discussion_id, resolvable, resolved_at, resolved_by_id, created_at, updated_at)
         VALUES ('Issue', $1, $2, $3, $4, $5, 'DiscussionNote', $6, true, $7, $8, $9, $9)`, [at.issueId, at.projectId, at.userIds.get(author), body, md.render(body, { projectPath: at.projectPath }), discussionId, resolverId ? when : null, resolverId, when]);
        }
    }
}
//# sourceMappingURL=demo-discussions.js.map