"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.pageParamsSchema = void 0;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const message = 'must be a positive integer';
/** A page number from the query string; '' means the default. */
const pageNumber = zod_1.z.preprocess((v) => (v === '' ? undefined : typeof v === 'string' && /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : v), zod_1.z.number({ invalid_type_error: message }).int(message).min(1, message).max(shared_types_1.INT4_MAX, shared_types_1.VALIDATION.tooLarge(shared_types_1.INT4_MAX)).optional());
/** page (default 1) and per_page (default 20, capped at 100), as GitLab's offset pagination. */
exports.pageParamsSchema = zod_1.z
    .object({ page: pageNumber, per_page: pageNumber })
    .transform((q) => ({ page: q.page ?? 1, perPage: Math.min(q.per_page ?? shared_types_1.LIMITS.perPageDefault, shared_types_1.LIMITS.perPageMax) }));
//# sourceMappingURL=pagination.schema.js.map