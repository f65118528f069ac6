"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GroupMemberController = void 0;
const member_controller_1 = require("./member.controller");
/** GitLab REST v4 group members: `/api/v4/groups/:id/members`. */
exports.GroupMemberController = (0, member_controller_1.memberControllerFor)({ sourceType: 'group', route: 'api/v4/groups/:id/members' });
//# sourceMappingURL=group-member.controller.js.map