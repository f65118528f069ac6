"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GID_PREFIX = void 0;
exports.toGlobalId = toGlobalId;
exports.parseGlobalId = parseGlobalId;
/** GitLab-style global IDs: `gid://tandem/<Type>/<id>`. */
exports.GID_PREFIX = 'gid://tandem/';
function toGlobalId(type, id) {
    return `${exports.GID_PREFIX}${type}/${id}`;
}
/**
 * The numeric id of a global ID of one of `types`, or null when it is malformed or names
 * another type (callers answer that as "not found", never a 500).
 */
function parseGlobalId(gid, types) {
    const m = /^gid:\/\/(?:tandem|gitlab)\/([A-Za-z:]+)\/(\d{1,10})$/.exec(gid);
    if (!m || !types.includes(m[1]))
        return null;
    const n = Number(m[2]);
    return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
//# sourceMappingURL=global-id.js.map