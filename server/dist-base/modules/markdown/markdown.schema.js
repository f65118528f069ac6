"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.markdownPreviewSchema = void 0;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
/** POST /api/v4/markdown: `text` (required), `gfm` (accepted; always GFM here), `project` (a full path). */
exports.markdownPreviewSchema = zod_1.z.object({
    text: zod_1.z.string({ required_error: shared_types_1.VALIDATION.missing }).max(shared_types_1.LIMITS.descriptionMaxLength, shared_types_1.VALIDATION.tooLong(shared_types_1.LIMITS.descriptionMaxLength)),
    gfm: zod_1.z.union([zod_1.z.boolean(), zod_1.z.enum(['true', 'false', '1', '0'])], { errorMap: () => ({ message: shared_types_1.VALIDATION.notBoolean }) }).optional(),
    project: zod_1.z.string().max(shared_types_1.LIMITS.usernameMaxLength * 2, shared_types_1.VALIDATION.tooLong(shared_types_1.LIMITS.usernameMaxLength * 2)).optional(),
});
//# sourceMappingURL=markdown.schema.js.map