"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.seedDemoSocial = seedDemoSocial;
const note_writer_1 = require("../note/note-writer");
const system_note_html_1 = require("../note/system-note-html");
const system_notes_1 = require("../note/system-notes");
/**
 * The demo's reactions and related issues (inside seedDemo's transaction): awards on
 * acme/tandem #1 and its notes, and #16 blocking #8 with both system notes.
 */
async function seedDemoSocial(m, md, projectPath, projectId, userIds) {
    const issueId = async (iid) => (await m.query('SELECT id FROM issues WHERE project_id = $1 AND iid = $2', [projectId, iid]))[0].id;
    const award = (name, user, type, id) => m.query(`INSERT INTO award_emoji (name, user_id, awardable_type, awardable_id) VALUES ($1, $2, $3, $4)`, [name, userIds.get(user), type, id]);
    const first = await issueId(1);
    for (const [name, user] of [['thumbsup', 'bob'], ['thumbsup', 'carol'], ['rocket', 'carol'], ['tada', 'dave']])
        await award(name, user, 'Issue', first);
    const notes = (await m.query(`SELECT id FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND NOT system ORDER BY id`, [first]));
    if (notes[0]) {
        await award('thumbsup', 'alice', 'Note', notes[0].id);
        await award('eyes', 'carol', 'Note', notes[0].id);
    }
    if (notes[1])
        await award('heart', 'bob', 'Note', notes[1].id);
    const [blocker, blocked] = [await issueId(16), await issueId(8)];
    await m.query(`INSERT INTO issue_links (source_id, target_id, link_type, created_at, updated_at) VALUES ($1, $2, 'blocks', now(), now())`, [blocker, blocked]);
    for (const [id, text] of [[blocker, system_notes_1.systemNotes.relatedIssue('blocks', '#8')], [blocked, system_notes_1.systemNotes.relatedIssue('is_blocked_by', '#16')]]) {
        await m.query(`INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, system, system_note_icon_name) VALUES ('Issue', $1, $2, $3, $4, $5, $6, true, $7)`, [id, projectId, userIds.get('bob'), text.body, (0, system_note_html_1.renderSystemNoteHtml)(text.body, md, projectPath), (0, note_writer_1.newDiscussionId)(), text.icon]);
    }
}
//# sourceMappingURL=demo-social.seed.js.map