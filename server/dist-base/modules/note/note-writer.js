"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.NOTE_EVENT_PATHS = exports.NoteWriter = exports.newDiscussionId = void 0;
exports.fillSystemNote = fillSystemNote;
const node_crypto_1 = require("node:crypto");
const common_1 = require("@nestjs/common");
const config_1 = require("../../core/config/config");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const note_mapper_1 = require("./note.mapper");
const system_note_html_1 = require("./system-note-html");
/** A new 40-hex discussion id (GitLab's shape). */
const newDiscussionId = () => (0, node_crypto_1.randomBytes)(20).toString('hex');
exports.newDiscussionId = newDiscussionId;
/** Writes notes inside the caller's transaction. */
let NoteWriter = class NoteWriter {
    config;
    markdown;
    constructor(config, markdown) {
        this.config = config;
        this.markdown = markdown;
    }
    /**
     * System notes ("closed", "assigned to @bob") for the caller's write statement: `cte` inserts
     * them (CTE `system_notes`) with ids the statement draws in CTE `note_ids(id, ord)`, so the
     * notes and the events that announce them are one round trip. `notes` are the API shapes
     * for the `note.created` events; the statement fills id, permalink and times in the stored
     * events (jsonb paths below) and `fillSystemNote` does the same to these objects.
     */
    systemNoteDrafts(noteable, projectId, author, texts) {
        const projectPath = noteable.ref.project_path;
        const noteableUrl = (0, note_mapper_1.noteablePageUrl)(this.config.publicUrl, noteable);
        const ctx = { noteableIid: noteable.ref.iid, noteableUrl, users: new Map([[author.id, author]]) };
        const records = texts.map((t) => ({
            id: 0,
            noteableType: noteable.type,
            noteableId: noteable.id,
            projectId,
            authorId: author.id,
            note: t.body,
            noteHtml: (0, system_note_html_1.renderSystemNoteHtml)(t.body, this.markdown, projectPath),
            type: null,
            discussionId: (0, exports.newDiscussionId)(),
            system: true,
            systemNoteIconName: t.icon,
            internal: false,
            resolvable: false,
            resolvedAt: null,
            resolvedById: null,
            descriptionVersionId: t.descriptionVersionId ?? null,
            lastEditedAt: null,
            updatedById: null,
            createdAt: new Date(0),
            updatedAt: new Date(0),
        }));
        return {
            notes: records.map((r) => (0, note_mapper_1.toApiNote)(r, ctx)),
            urlPrefix: `${noteableUrl}#note_`,
            cte: (param) => `system_notes AS (INSERT INTO notes (id, noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, system, system_note_icon_name, description_version_id, created_at, updated_at)
          SELECT ni.id, ${param(noteable.type)}, ${param(noteable.id)}::int, ${param(projectId)}::int, ${param(author.id)}::int, n.body, n.html, n.discussion_id, true, n.icon, n.version_id, now(), now()
          FROM note_ids ni JOIN unnest(${param(records.map((r) => r.note))}::text[], ${param(records.map((r) => r.noteHtml))}::text[],
            ${param(records.map((r) => r.discussionId))}::text[], ${param(records.map((r) => r.systemNoteIconName))}::text[], ${param(records.map((r) => r.descriptionVersionId ?? null))}::int[])
            WITH ORDINALITY AS n(body, html, discussion_id, icon, version_id, ord) ON n.ord = ni.ord)`,
        };
    }
};
exports.NoteWriter = NoteWriter;
exports.NoteWriter = NoteWriter = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, markdown_service_1.MarkdownService])
], NoteWriter);
/** The paths of a `note.created` event's stored payload that its write statement fills. */
exports.NOTE_EVENT_PATHS = { id: '{payload,note,id}', url: '{payload,note,noteable_note_url}', createdAt: '{payload,note,created_at}', updatedAt: '{payload,note,updated_at}' };
/** A drafted system note as stored: its id, permalink and the statement's time. */
function fillSystemNote(note, id, urlPrefix, at) {
    return { ...note, id: String(id), noteable_note_url: `${urlPrefix}${id}`, created_at: at, updated_at: at };
}
//# sourceMappingURL=note-writer.js.map