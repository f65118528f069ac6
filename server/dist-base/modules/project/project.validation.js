"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseProjectUpdate = parseProjectUpdate;
exports.parseProjectListQuery = parseProjectListQuery;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const zod_input_1 = require("../../core/http/zod-input");
const UPDATE_FIELDS = ['name', 'description', 'visibility'];
const visibilityMessage = shared_types_1.VALIDATION.notAllowed(shared_types_1.VISIBILITIES);
const updateSchema = zod_1.z.object({
    // null is no name: "can't be blank", as an empty one
    name: zod_1.z.preprocess((v) => (v === null ? '' : v), (0, shared_types_1.requiredText)(shared_types_1.LIMITS.projectNameMaxLength)).optional(),
    description: zod_1.z
        .string()
        .max(shared_types_1.LIMITS.projectDescriptionMaxLength, shared_types_1.VALIDATION.tooLong(shared_types_1.LIMITS.projectDescriptionMaxLength))
        .nullable()
        .optional(),
    visibility: zod_1.z
        .preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), zod_1.z.enum(shared_types_1.VISIBILITIES, { errorMap: () => ({ message: visibilityMessage }) }))
        .optional(),
});
/** PUT /projects/:id: `name`, `description`, `visibility`; at least one (other GitLab settings are ignored). */
function parseProjectUpdate(raw) {
    if (!UPDATE_FIELDS.some((f) => raw[f] !== undefined))
        throw new app_error_1.ValidationError({ base: [shared_types_1.VALIDATION.atLeastOne(UPDATE_FIELDS)] });
    const input = (0, zod_input_1.parseInput)(updateSchema, raw);
    return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}
/** GET /projects: `search` (a name fragment) and `membership` (true: only projects the caller is a member of). */
const listSchema = zod_1.z.object({
    search: zod_1.z.string().max(255, shared_types_1.VALIDATION.tooLong(255)).optional(),
    membership: zod_1.z.enum(['true', 'false'], { errorMap: () => ({ message: shared_types_1.VALIDATION.notBoolean }) }).optional(),
});
function parseProjectListQuery(raw) {
    const q = (0, zod_input_1.parseInput)(listSchema, raw);
    return { search: q.search || undefined, membership: q.membership === 'true' };
}
//# sourceMappingURL=project.validation.js.map