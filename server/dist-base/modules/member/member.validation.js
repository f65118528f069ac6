"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseMemberUpdate = exports.MEMBER_LEVELS = void 0;
exports.parseMemberCreate = parseMemberCreate;
exports.parseUserIdParam = parseUserIdParam;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const zod_input_1 = require("../../core/http/zod-input");
/** The levels a membership may have (GitLab's minimal access, 5, is not supported). */
exports.MEMBER_LEVELS = [
    shared_types_1.ACCESS_LEVEL.GUEST, shared_types_1.ACCESS_LEVEL.REPORTER, shared_types_1.ACCESS_LEVEL.DEVELOPER, shared_types_1.ACCESS_LEVEL.MAINTAINER, shared_types_1.ACCESS_LEVEL.OWNER,
];
const absent = (v) => v === undefined || v === null || v === '';
const levelsMessage = shared_types_1.VALIDATION.notAllowed(exports.MEMBER_LEVELS.map(String));
/** 10..50 as a number or a decimal string; blank is "can't be blank". */
const accessLevel = zod_1.z.preprocess((v) => (absent(v) ? undefined : typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v), zod_1.z
    .number({ required_error: shared_types_1.VALIDATION.required, invalid_type_error: levelsMessage })
    .refine((n) => exports.MEMBER_LEVELS.includes(n), levelsMessage));
/**
 * A user id: a positive integer. Beyond the int4 range it can name nobody, which the service
 * answers 404 User Not Found (a reference, like GitLab, not a stored value).
 */
const userId = zod_1.z.preprocess((v) => (absent(v) ? undefined : v), zod_1.z.unknown().refine((v) => v !== undefined, shared_types_1.VALIDATION.required).pipe((0, shared_types_1.positiveInt)(Number.MAX_SAFE_INTEGER)));
/**
 * YYYY-MM-DD and a real day; ''/null mean "no expiry". (Not in the past is checked by the
 * service against the database's current_date, the day access checks compare with.)
 */
const expiresAt = (0, shared_types_1.clearableDate)();
const byId = zod_1.z
    .object({ user_id: userId, access_level: accessLevel, expires_at: expiresAt })
    .transform((b) => ({ userId: b.user_id, accessLevel: b.access_level, expiresAt: b.expires_at ?? null }));
const byUsername = zod_1.z
    .object({ username: (0, shared_types_1.requiredText)(255), access_level: accessLevel, expires_at: expiresAt })
    .transform((b) => ({ username: b.username, accessLevel: b.access_level, expiresAt: b.expires_at ?? null }));
const updateSchema = zod_1.z
    .object({ access_level: accessLevel, expires_at: expiresAt })
    .transform((b) => ({ accessLevel: b.access_level, expiresAt: b.expires_at }));
/** POST .../members: `user_id` (or `username`), `access_level`, optional `expires_at`. */
function parseMemberCreate(raw) {
    const body = (raw && typeof raw === 'object' ? raw : {});
    return (0, zod_input_1.parseInput)(absent(body.user_id) && !absent(body.username) ? byUsername : byId, raw);
}
/** PUT .../members/:user_id: `access_level` (required, as GitLab), optional `expires_at`. */
const parseMemberUpdate = (raw) => (0, zod_input_1.parseInput)(updateSchema, raw);
exports.parseMemberUpdate = parseMemberUpdate;
/** The `:user_id` path parameter: anything but a positive integer names no member. */
function parseUserIdParam(raw) {
    const r = (0, shared_types_1.positiveInt)().safeParse(raw);
    return r.success ? r.data : null;
}
//# sourceMappingURL=member.validation.js.map