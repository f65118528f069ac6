"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ALL_FILTERS = void 0;
exports.parsePageCreate = parsePageCreate;
exports.parsePageUpdate = parsePageUpdate;
exports.parseRestCreate = parseRestCreate;
exports.parseDiscussionsQuery = parseDiscussionsQuery;
exports.parseNoteId = parseNoteId;
exports.parseResolved = parseResolved;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const zod_input_1 = require("../../core/http/zod-input");
const discussion_finder_1 = require("./discussion.finder");
const bool = zod_1.z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), zod_1.z.boolean());
const discussionId = zod_1.z.string().regex(/^[0-9a-f]{40}$/);
/** The page's create-note body (GitLab's NotesController#create params). */
const pageCreateSchema = zod_1.z.object({
    note: zod_1.z.object({
        note: zod_1.z.unknown(),
        type: zod_1.z.enum(['DiscussionNote']).nullish().or(zod_1.z.literal('')),
        internal: bool.optional(),
        confidential: bool.optional(),
        noteable_type: zod_1.z.string().optional(),
        noteable_id: zod_1.z.unknown().optional(),
    }),
    in_reply_to_discussion_id: discussionId.nullish().or(zod_1.z.literal('')),
    return_discussion: bool.optional(),
    merge_request_diff_head_sha: zod_1.z.string().optional(),
    target_type: zod_1.z.string().optional(),
    target_id: zod_1.z.unknown().optional(),
});
function parsePageCreate(raw) {
    const b = (0, zod_input_1.parseInput)(pageCreateSchema, raw);
    return {
        body: b.note.note,
        type: b.note.type === 'DiscussionNote' ? 'DiscussionNote' : null,
        internal: b.note.internal ?? b.note.confidential ?? false,
        discussionId: b.in_reply_to_discussion_id || null,
        returnDiscussion: b.return_discussion ?? false,
    };
}
/** PUT {note path}: {note: {note}} (or a flat note string). */
function parsePageUpdate(raw) {
    const b = (raw ?? {});
    if (b.note && typeof b.note === 'object')
        return b.note.note;
    return b.note;
}
/** REST: body plus internal (older `confidential`). */
const restCreateSchema = zod_1.z.object({ body: zod_1.z.unknown(), internal: bool.optional(), confidential: bool.optional() });
function parseRestCreate(raw) {
    const b = (0, zod_input_1.parseInput)(restCreateSchema, raw);
    return { body: b.body, internal: b.internal ?? b.confidential ?? false };
}
/** discussions.json query: notes_filter, persist_filter, per_page, cursor. */
const discussionsQuerySchema = zod_1.z.object({
    notes_filter: zod_1.z.enum(['0', '1', '2']).optional(),
    persist_filter: bool.optional(),
    per_page: zod_1.z.preprocess((v) => (typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v), zod_1.z.number().int().min(1).max(shared_types_1.DISCUSSION_LIMITS.discussionsPerPage)).optional(),
    cursor: zod_1.z.string().refine(discussion_finder_1.isCursor, 'is invalid').optional(),
});
function parseDiscussionsQuery(raw) {
    const q = (0, zod_input_1.parseInput)(discussionsQuerySchema, raw);
    return {
        filter: q.notes_filter === undefined ? null : Number(q.notes_filter),
        persist: q.persist_filter ?? true,
        perPage: q.per_page,
        cursor: q.cursor ?? null,
    };
}
/** A note id from a route: a positive int4, or a 404 of the right kind. */
function parseNoteId(raw) {
    return /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
/** GitLab's `resolved=true|false` query/body flag. */
function parseResolved(raw) {
    if (raw === true || raw === 'true')
        return true;
    if (raw === false || raw === 'false')
        return false;
    throw new app_error_1.ValidationError({ resolved: ['is missing'] });
}
exports.ALL_FILTERS = shared_types_1.NOTES_FILTER;
//# sourceMappingURL=note.validation.js.map