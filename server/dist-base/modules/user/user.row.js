"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.userFromRow = exports.USER_COLUMNS = void 0;
const user_entity_1 = require("./user.entity");
/** The user columns raw queries select (`u.` prefixed), in the order of UserRow. */
exports.USER_COLUMNS = 'u.id, u.username, u.name, u.email, u.avatar_url, u.state, u.is_admin, u.created_at, u.updated_at';
const userFromRow = (r) => Object.assign(new user_entity_1.User(), {
    id: Number(r.id), username: r.username, name: r.name, email: r.email, avatarUrl: r.avatar_url, state: r.state,
    isAdmin: r.is_admin, createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at),
});
exports.userFromRow = userFromRow;
//# sourceMappingURL=user.row.js.map