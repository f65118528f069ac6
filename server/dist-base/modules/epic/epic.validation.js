"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseIid = void 0;
exports.parseEpicCreate = parseEpicCreate;
exports.parseEpicUpdate = parseEpicUpdate;
exports.parseEpicList = parseEpicList;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const zod_input_1 = require("../../core/http/zod-input");
const params_1 = require("../issue/fields/params");
const idParam = zod_1.z.coerce.number({ invalid_type_error: shared_types_1.VALIDATION.notInteger }).int(shared_types_1.VALIDATION.notInteger).positive(shared_types_1.VALIDATION.mustBePositive).max(2_147_483_647, shared_types_1.VALIDATION.tooLarge(2_147_483_647));
const fields = {
    title: (0, params_1.textParam)(255, { required: true }),
    description: (0, params_1.textParam)(1_048_576),
    confidential: (0, params_1.boolParam)(),
    start_date: (0, params_1.dateParam)(),
    end_date: (0, params_1.dateParam)(),
    /** GitLab accepts due_date_fixed for the end date too. */
    due_date_fixed: (0, params_1.dateParam)(),
    start_date_fixed: (0, params_1.dateParam)(),
    parent_id: zod_1.z.union([zod_1.z.null(), idParam]),
};
const create = zod_1.z.object({ ...fields, title: fields.title }).partial().extend({ title: fields.title });
const update = zod_1.z.object({ ...fields, state_event: (0, params_1.oneOfParam)(['close', 'reopen']) }).partial();
function toInput(b) {
    const out = {};
    if (b.title !== undefined)
        out.title = b.title.trim();
    if (b.description !== undefined)
        out.description = b.description;
    if (b.confidential !== undefined)
        out.confidential = b.confidential;
    const start = b.start_date !== undefined ? b.start_date : b.start_date_fixed;
    const end = b.end_date !== undefined ? b.end_date : b.due_date_fixed;
    if (start !== undefined)
        out.startDate = start;
    if (end !== undefined)
        out.endDate = end;
    if (b.parent_id !== undefined)
        out.parentId = b.parent_id;
    if (b.state_event !== undefined && b.state_event !== null)
        out.stateEvent = b.state_event;
    return out;
}
/** POST groups/:id/epics: title required; description, confidential, start/end dates, parent_id. */
function parseEpicCreate(body) {
    return toInput((0, zod_input_1.parseInput)(create, body));
}
/** PUT groups/:id/epics/:epic_iid: any of the create fields, and state_event close/reopen. */
function parseEpicUpdate(body) {
    return toInput((0, zod_input_1.parseInput)(update, body));
}
const listQuery = zod_1.z.object({
    search: zod_1.z.string().max(255, shared_types_1.VALIDATION.tooLong(255)).optional(),
    state: zod_1.z.enum(['opened', 'closed', 'all'], { errorMap: () => ({ message: shared_types_1.VALIDATION.notAllowed(['opened', 'closed', 'all']) }) }).optional(),
    include_ancestor_groups: (0, params_1.boolParam)().optional(),
    include_descendant_groups: (0, params_1.boolParam)().optional(),
}).passthrough();
/** GET groups/:id/epics: GitLab's defaults (descendants included, ancestors not). */
function parseEpicList(query) {
    const q = (0, zod_input_1.parseInput)(listQuery, query);
    return {
        search: q.search?.trim() || undefined,
        state: q.state === 'all' ? undefined : q.state,
        ancestors: q.include_ancestor_groups ?? false,
        descendants: q.include_descendant_groups ?? true,
    };
}
const parseIid = (s) => (/^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : null);
exports.parseIid = parseIid;
//# sourceMappingURL=epic.validation.js.map