"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.subscribedSql = void 0;
/**
 * Whether a user gets an issue's notifications, as a SQL expression over `issues i` and the
 * user id `$n`: their explicit choice (issue_subscriptions), else GitLab's default: a
 * participant (author, assignee, or author of a comment) is subscribed.
 */
const subscribedSql = (userParam) => `COALESCE(
  (SELECT s.subscribed FROM issue_subscriptions s WHERE s.issue_id = i.id AND s.user_id = ${userParam}),
  i.author_id = ${userParam}
    OR EXISTS (SELECT 1 FROM issue_assignees sa WHERE sa.issue_id = i.id AND sa.user_id = ${userParam})
    OR EXISTS (SELECT 1 FROM notes sn WHERE sn.noteable_type = 'Issue' AND sn.noteable_id = i.id AND sn.author_id = ${userParam} AND NOT sn.system))`;
exports.subscribedSql = subscribedSql;
//# sourceMappingURL=subscribed-sql.js.map