"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.linkAdmin = linkAdmin;
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const issue_context_1 = require("../../issue/issue-context");
const user_mapper_1 = require("../../user/user.mapper");
/** Related issues are changed by whoever may administer the issue (spec §6: canAdmin; canReorder = canAdmin). */
function linkAdmin(actor, issue, publicUrl) {
    if (!actor)
        throw new app_error_1.AppError('UNAUTHORIZED');
    if (!(0, issue_context_1.canOnIssue)(actor, 'admin_issue', issue) || !issue.actorUser)
        throw new app_error_1.AppError('FORBIDDEN', shared_types_1.DISCUSSION_TEXTS.relatedNoPermission);
    return (0, user_mapper_1.toUserBasic)(issue.actorUser, publicUrl);
}
//# sourceMappingURL=link-context.js.map