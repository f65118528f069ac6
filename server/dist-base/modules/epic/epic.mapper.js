"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.epicReference = exports.epicWebPath = void 0;
exports.toApiEpic = toApiEpic;
exports.toIssueEpic = toIssueEpic;
const epicWebPath = (groupPath, iid) => `/groups/${groupPath}/-/epics/${iid}`;
exports.epicWebPath = epicWebPath;
/** `&3` within the epic's own group, `group/path&3` from anywhere else (GitLab's epic reference). */
const epicReference = (e, fromGroupId) => e.groupId === fromGroupId ? `&${e.iid}` : `${e.groupPath}&${e.iid}`;
exports.epicReference = epicReference;
/** GitLab REST v4 Epic entity. */
function toApiEpic(e, baseUrl) {
    const api = `${baseUrl}/api/v4/groups/${e.groupId}`;
    return {
        id: e.id,
        iid: e.iid,
        group_id: e.groupId,
        parent_id: e.parentId,
        parent_iid: e.parentIid,
        title: e.title,
        description: e.description,
        description_html: e.descriptionHtml ?? '',
        state: e.state,
        confidential: e.confidential,
        author: e.author
            ? { id: e.author.id, username: e.author.username, name: e.author.name, state: e.author.state, locked: false, avatar_url: e.author.avatar_url, web_url: `${baseUrl}/${e.author.username}` }
            : null,
        start_date: e.startDate,
        end_date: e.endDate,
        due_date: e.endDate,
        created_at: e.createdAt.toISOString(),
        updated_at: e.updatedAt.toISOString(),
        closed_at: e.closedAt?.toISOString() ?? null,
        labels: [],
        upvotes: 0,
        downvotes: 0,
        web_url: `${baseUrl}${(0, exports.epicWebPath)(e.groupPath, e.iid)}`,
        references: { short: `&${e.iid}`, relative: `&${e.iid}`, full: `${e.groupPath}&${e.iid}` },
        reference: `&${e.iid}`,
        _links: { self: `${api}/epics/${e.iid}`, epic_issues: `${api}/epics/${e.iid}/issues`, group: api, parent: e.parentIid ? `${api}/epics/${e.parentIid}` : null },
    };
}
function toIssueEpic(e, projectNamespaceId, baseUrl) {
    return {
        id: e.id,
        iid: e.iid,
        title: e.title,
        group_id: e.groupId,
        end_date: e.endDate,
        web_url: `${baseUrl}${(0, exports.epicWebPath)(e.groupPath, e.iid)}`,
        reference: (0, exports.epicReference)(e, projectNamespaceId),
        confidential: e.confidential,
    };
}
//# sourceMappingURL=epic.mapper.js.map