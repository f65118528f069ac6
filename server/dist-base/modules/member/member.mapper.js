"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toApiMember = toApiMember;
const user_mapper_1 = require("../user/user.mapper");
function toApiMember(m, baseUrl) {
    const user = { id: m.user_id, username: m.username, name: m.name, state: m.state, avatarUrl: m.avatar_url };
    return {
        ...(0, user_mapper_1.toUserBasic)(user, baseUrl),
        access_level: m.access_level,
        expires_at: m.expires_at,
        created_at: new Date(m.created_at).toISOString(),
        membership_state: 'active',
    };
}
//# sourceMappingURL=member.mapper.js.map