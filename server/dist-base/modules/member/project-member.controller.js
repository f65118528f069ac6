"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ProjectMemberController = void 0;
const member_controller_1 = require("./member.controller");
/** GitLab REST v4 project members: `/api/v4/projects/:id/members`. */
exports.ProjectMemberController = (0, member_controller_1.memberControllerFor)({ sourceType: 'project', route: 'api/v4/projects/:id/members' });
//# sourceMappingURL=project-member.controller.js.map