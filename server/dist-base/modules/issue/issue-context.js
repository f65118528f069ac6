"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.issueNoteable = void 0;
exports.issueFacts = issueFacts;
exports.canOnIssue = canOnIssue;
exports.authorizeOnIssue = authorizeOnIssue;
exports.parseIid = parseIid;
const app_error_1 = require("../../core/errors/app-error");
const policy_1 = require("../../core/policy/policy");
function issueFacts(issue, assigneeIds) {
    return {
        confidential: issue.confidential,
        authorId: issue.authorId,
        assigneeIds,
        discussionLocked: issue.discussionLocked,
        state: issue.state,
        ...(issue.hidden ? { hidden: true } : {}),
    };
}
function canOnIssue(actor, ability, ctx) {
    return (0, policy_1.canIssue)(actor, ability, ctx.projectFacts, ctx.facts);
}
/** Throws 401 for anonymous, 403 for a reader without the right. */
function authorizeOnIssue(actor, ability, ctx) {
    if (canOnIssue(actor, ability, ctx))
        return;
    throw new app_error_1.AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
}
/** The event log's handle on an issue. */
const issueNoteable = (issue, project) => ({
    type: 'Issue',
    id: issue.id,
    ref: { id: issue.id, iid: issue.iid, project_path: project.fullPath },
});
exports.issueNoteable = issueNoteable;
/** An iid from a route or an API argument, or null when it cannot name an issue (int4, > 0). */
function parseIid(iid) {
    const n = typeof iid === 'number' ? iid : /^\d+$/.test(iid) ? Number(iid) : NaN;
    return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
//# sourceMappingURL=issue-context.js.map