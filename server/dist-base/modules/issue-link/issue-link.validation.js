"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseRelatedCreate = parseRelatedCreate;
exports.parseLinkCreate = parseLinkCreate;
exports.parseReorder = parseReorder;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const zod_input_1 = require("../../core/http/zod-input");
const linkType = zod_1.z.enum(shared_types_1.LINK_TYPES, { errorMap: () => ({ message: shared_types_1.VALIDATION.notAllowed(shared_types_1.LINK_TYPES) }) }).default('relates_to');
const positiveId = zod_1.z.coerce.number({ invalid_type_error: shared_types_1.VALIDATION.notInteger }).int(shared_types_1.VALIDATION.notInteger).positive(shared_types_1.VALIDATION.mustBePositive).max(2_147_483_647, shared_types_1.VALIDATION.tooLarge(2_147_483_647));
/** POST related issues (page): {issuable_references: string[], link_type}. */
const pageCreate = zod_1.z.object({
    issuable_references: zod_1.z.array(zod_1.z.string().max(2048, shared_types_1.VALIDATION.tooLong(2048)), { required_error: shared_types_1.VALIDATION.missing, invalid_type_error: shared_types_1.VALIDATION.invalid }).min(1, shared_types_1.VALIDATION.required).max(100, shared_types_1.VALIDATION.invalid),
    link_type: linkType,
});
function parseRelatedCreate(body) {
    const b = (0, zod_input_1.parseInput)(pageCreate, body);
    return { references: b.issuable_references, linkType: b.link_type };
}
/** POST REST .../links: {target_project_id, target_issue_iid, link_type}. */
const restCreate = zod_1.z.object({
    target_project_id: zod_1.z.union([zod_1.z.string().min(1, shared_types_1.VALIDATION.required).max(255, shared_types_1.VALIDATION.tooLong(255)), zod_1.z.number().int()], { required_error: shared_types_1.VALIDATION.missing, invalid_type_error: shared_types_1.VALIDATION.invalid }),
    target_issue_iid: positiveId,
    link_type: linkType,
});
function parseLinkCreate(body) {
    const b = (0, zod_input_1.parseInput)(restCreate, body);
    return { targetProject: String(b.target_project_id), targetIid: b.target_issue_iid, linkType: b.link_type };
}
/** PUT relation path: {epic: {move_before_id, move_after_id}} (link ids, either may be null). */
const reorder = zod_1.z.object({
    epic: zod_1.z.object({ move_before_id: positiveId.nullish(), move_after_id: positiveId.nullish() }, { required_error: shared_types_1.VALIDATION.missing }),
});
function parseReorder(body) {
    const b = (0, zod_input_1.parseInput)(reorder, body);
    return { before: b.epic.move_before_id ?? null, after: b.epic.move_after_id ?? null };
}
//# sourceMappingURL=issue-link.validation.js.map