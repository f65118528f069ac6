"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.issueTypeField = void 0;
const shared_types_1 = require("@tandem/shared-types");
const params_1 = require("./params");
exports.issueTypeField = {
    key: 'issueType',
    params: { issue_type: (0, params_1.oneOfParam)(shared_types_1.ISSUE_TYPES, { nullable: true }) },
    read: (p) => (p.issue_type ?? undefined),
    ability: () => 'admin_issue',
    plan: (issueType, cur) => (issueType === cur.issueType ? null : { set: { issueType }, notes: [] }),
    event: (i) => ({ issue_type: i.issueType }),
};
//# sourceMappingURL=issue-type.js.map