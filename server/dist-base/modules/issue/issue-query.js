"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseIssueListQuery = parseIssueListQuery;
const app_error_1 = require("../../core/errors/app-error");
const pagination_1 = require("../../core/http/pagination");
/** Parses GitLab's issue list query parameters; bad values are a 400 naming the parameter. */
function parseIssueListQuery(q) {
    const errors = {};
    const oneOf = (name, values) => {
        const v = q[name];
        if (v === undefined || v === '')
            return undefined;
        if (typeof v === 'string' && values.includes(v))
            return v;
        errors[name] = [`does not have a valid value (${values.join(', ')})`];
        return undefined;
    };
    const positiveInt = (name) => {
        const v = q[name];
        if (v === undefined || v === '')
            return undefined;
        if (typeof v === 'string' && /^\d+$/.test(v) && Number(v) > 0)
            return Number(v);
        errors[name] = ['is invalid'];
        return undefined;
    };
    const str = (name) => (typeof q[name] === 'string' && q[name] !== '' ? q[name] : undefined);
    let assigneeId;
    const rawAssignee = q.assignee_id;
    if (rawAssignee === 'None' || rawAssignee === 'none')
        assigneeId = 'None';
    else if (rawAssignee === 'Any' || rawAssignee === 'any')
        assigneeId = 'Any';
    else
        assigneeId = positiveInt('assignee_id');
    const labelsRaw = q.labels;
    const labels = typeof labelsRaw === 'string' ? labelsRaw.split(',').map((s) => s.trim()).filter(Boolean) : Array.isArray(labelsRaw) ? labelsRaw.map(String) : undefined;
    const iidsRaw = q['iids[]'] ?? q.iids;
    let iids;
    if (iidsRaw !== undefined) {
        const arr = Array.isArray(iidsRaw) ? iidsRaw : [iidsRaw];
        if (!arr.every((x) => typeof x === 'string' && /^\d+$/.test(x)))
            errors.iids = ['is invalid'];
        else
            iids = arr.map(Number);
    }
    const conf = q.confidential;
    let confidential;
    if (conf === 'true')
        confidential = true;
    else if (conf === 'false')
        confidential = false;
    else if (conf !== undefined)
        errors.confidential = ['is invalid'];
    const filters = {
        ...(0, pagination_1.pageParams)(q),
        state: oneOf('state', ['opened', 'closed', 'all']),
        search: str('search'),
        labels,
        assigneeId,
        assigneeUsername: str('assignee_username'),
        authorId: positiveInt('author_id'),
        authorUsername: str('author_username'),
        iids,
        confidential,
        issueType: oneOf('issue_type', ['issue', 'incident', 'test_case']),
        scope: oneOf('scope', ['created_by_me', 'assigned_to_me', 'all']),
        orderBy: oneOf('order_by', ['created_at', 'updated_at', 'title']),
        sort: oneOf('sort', ['asc', 'desc']),
    };
    if (Object.keys(errors).length)
        throw new app_error_1.ValidationError(errors);
    return filters;
}
//# sourceMappingURL=issue-query.js.map