"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toUserBasic = toUserBasic;
exports.toCurrentUser = toCurrentUser;
function toUserBasic(u, baseUrl) {
    return {
        id: u.id,
        username: u.username,
        name: u.name,
        state: u.state,
        locked: u.state === 'blocked',
        avatar_url: u.avatarUrl ?? `${baseUrl}${avatarFor(u)}`,
        web_url: `${baseUrl}/${u.username}`,
    };
}
function toCurrentUser(u, baseUrl) {
    return { ...toUserBasic(u, baseUrl), email: u.email, is_admin: u.isAdmin, created_at: u.createdAt.toISOString() };
}
/** A generated initials avatar (data-free SVG path served by us), so no external service is needed. */
function avatarFor(u) {
    return `/-/avatars/${encodeURIComponent(u.username)}.svg`;
}
//# sourceMappingURL=user.mapper.js.map