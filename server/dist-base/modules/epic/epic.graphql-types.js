"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.PromoteToEpicPayload = exports.PromoteToEpicInput = exports.IssueSetEpicPayload = exports.IssueSetEpicInput = exports.GroupEpicsArgs = exports.GroupType = exports.EpicConnection = exports.EpicType = void 0;
exports.toEpicType = toEpicType;
exports.issueEpicType = issueEpicType;
const graphql_1 = require("@nestjs/graphql");
const global_id_1 = require("../../core/graphql/global-id");
const scalars_1 = require("../../core/graphql/scalars");
const connection_1 = require("../../core/graphql/connection");
const issue_graphql_types_1 = require("../issue/issue.graphql-types");
const epic_mapper_1 = require("./epic.mapper");
let EpicType = class EpicType {
    id;
    iid;
    title;
    description;
    state;
    confidential;
    startDate;
    dueDate;
    createdAt;
    webUrl;
    webPath;
    reference;
    groupId;
    groupFullPath;
};
exports.EpicType = EpicType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], EpicType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'Internal ID of the epic.' }),
    __metadata("design:type", String)
], EpicType.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], EpicType.prototype, "title", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], EpicType.prototype, "description", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], EpicType.prototype, "state", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], EpicType.prototype, "confidential", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.DateScalar, { nullable: true }),
    __metadata("design:type", Object)
], EpicType.prototype, "startDate", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.DateScalar, { nullable: true }),
    __metadata("design:type", Object)
], EpicType.prototype, "dueDate", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar, { nullable: true }),
    __metadata("design:type", Object)
], EpicType.prototype, "createdAt", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], EpicType.prototype, "webUrl", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], EpicType.prototype, "webPath", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'Internal reference of the epic (`&3`, or `group&3` with full: true).' }),
    __metadata("design:type", String)
], EpicType.prototype, "reference", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], EpicType.prototype, "groupId", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], EpicType.prototype, "groupFullPath", void 0);
exports.EpicType = EpicType = __decorate([
    (0, graphql_1.ObjectType)('Epic')
], EpicType);
let EpicConnection = class EpicConnection extends (0, connection_1.Connection)(EpicType, 'Epic') {
};
exports.EpicConnection = EpicConnection;
exports.EpicConnection = EpicConnection = __decorate([
    (0, graphql_1.ObjectType)('EpicConnection')
], EpicConnection);
let GroupType = class GroupType {
    id;
    name;
    fullPath;
    webUrl;
    groupId;
};
exports.GroupType = GroupType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], GroupType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], GroupType.prototype, "name", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], GroupType.prototype, "fullPath", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], GroupType.prototype, "webUrl", void 0);
exports.GroupType = GroupType = __decorate([
    (0, graphql_1.ObjectType)('Group')
], GroupType);
let GroupEpicsArgs = class GroupEpicsArgs extends connection_1.ConnectionArgs {
    search;
    iid;
    state;
    includeAncestorGroups;
    includeDescendantGroups;
};
exports.GroupEpicsArgs = GroupEpicsArgs;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true, description: 'Search query for title or description.' }),
    __metadata("design:type", Object)
], GroupEpicsArgs.prototype, "search", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { nullable: true, description: 'IID of the epic, e.g., "1".' }),
    __metadata("design:type", Object)
], GroupEpicsArgs.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true, description: 'Filter epics by state (opened, closed, all).' }),
    __metadata("design:type", Object)
], GroupEpicsArgs.prototype, "state", void 0);
__decorate([
    (0, graphql_1.Field)(() => Boolean, { nullable: true, description: 'Include epics from ancestor groups.', defaultValue: false }),
    __metadata("design:type", Object)
], GroupEpicsArgs.prototype, "includeAncestorGroups", void 0);
__decorate([
    (0, graphql_1.Field)(() => Boolean, { nullable: true, description: 'Include epics from descendant groups.', defaultValue: true }),
    __metadata("design:type", Object)
], GroupEpicsArgs.prototype, "includeDescendantGroups", void 0);
exports.GroupEpicsArgs = GroupEpicsArgs = __decorate([
    (0, graphql_1.ArgsType)()
], GroupEpicsArgs);
let IssueSetEpicInput = class IssueSetEpicInput {
    clientMutationId;
    projectPath;
    iid;
    epicId;
};
exports.IssueSetEpicInput = IssueSetEpicInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueSetEpicInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], IssueSetEpicInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IssueSetEpicInput.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { nullable: true, description: 'Global ID of the epic to assign the issue to; null removes it.' }),
    __metadata("design:type", Object)
], IssueSetEpicInput.prototype, "epicId", void 0);
exports.IssueSetEpicInput = IssueSetEpicInput = __decorate([
    (0, graphql_1.InputType)('IssueSetEpicInput')
], IssueSetEpicInput);
let IssueSetEpicPayload = class IssueSetEpicPayload {
    clientMutationId;
    issue;
    errors;
};
exports.IssueSetEpicPayload = IssueSetEpicPayload;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueSetEpicPayload.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => issue_graphql_types_1.IssueType, { nullable: true }),
    __metadata("design:type", Object)
], IssueSetEpicPayload.prototype, "issue", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String]),
    __metadata("design:type", Array)
], IssueSetEpicPayload.prototype, "errors", void 0);
exports.IssueSetEpicPayload = IssueSetEpicPayload = __decorate([
    (0, graphql_1.ObjectType)('IssueSetEpicPayload')
], IssueSetEpicPayload);
let PromoteToEpicInput = class PromoteToEpicInput {
    clientMutationId;
    projectPath;
    iid;
    groupPath;
};
exports.PromoteToEpicInput = PromoteToEpicInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], PromoteToEpicInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], PromoteToEpicInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], PromoteToEpicInput.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { nullable: true, description: 'Group the promoted epic belongs to (the project\'s group when omitted).' }),
    __metadata("design:type", Object)
], PromoteToEpicInput.prototype, "groupPath", void 0);
exports.PromoteToEpicInput = PromoteToEpicInput = __decorate([
    (0, graphql_1.InputType)('PromoteToEpicInput')
], PromoteToEpicInput);
let PromoteToEpicPayload = class PromoteToEpicPayload {
    clientMutationId;
    epic;
    issue;
    errors;
};
exports.PromoteToEpicPayload = PromoteToEpicPayload;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], PromoteToEpicPayload.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => EpicType, { nullable: true }),
    __metadata("design:type", Object)
], PromoteToEpicPayload.prototype, "epic", void 0);
__decorate([
    (0, graphql_1.Field)(() => issue_graphql_types_1.IssueType, { nullable: true }),
    __metadata("design:type", Object)
], PromoteToEpicPayload.prototype, "issue", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String]),
    __metadata("design:type", Array)
], PromoteToEpicPayload.prototype, "errors", void 0);
exports.PromoteToEpicPayload = PromoteToEpicPayload = __decorate([
    (0, graphql_1.ObjectType)('PromoteToEpicPayload')
], PromoteToEpicPayload);
function toEpicType(e, baseUrl, fromGroupId) {
    const webPath = (0, epic_mapper_1.epicWebPath)(e.groupPath, e.iid);
    return {
        id: (0, global_id_1.toGlobalId)('Epic', e.id),
        iid: String(e.iid),
        title: e.title,
        description: e.description,
        state: e.state,
        confidential: e.confidential,
        startDate: e.startDate,
        dueDate: e.endDate,
        createdAt: e.createdAt.toISOString(),
        webUrl: `${baseUrl}${webPath}`,
        webPath,
        reference: (0, epic_mapper_1.epicReference)(e, fromGroupId),
        groupId: (0, global_id_1.toGlobalId)('Group', e.groupId),
        groupFullPath: e.groupPath,
    };
}
/** The epic an issue shows (from the issue's hydration). */
function issueEpicType(e, baseUrl, projectNamespaceId) {
    const webPath = (0, epic_mapper_1.epicWebPath)(e.groupPath, e.iid);
    return {
        id: (0, global_id_1.toGlobalId)('Epic', e.id),
        iid: String(e.iid),
        title: e.title,
        description: null,
        state: e.state ?? null,
        confidential: e.confidential,
        startDate: null,
        dueDate: e.endDate,
        createdAt: null,
        webUrl: `${baseUrl}${webPath}`,
        webPath,
        reference: (0, epic_mapper_1.epicReference)(e, projectNamespaceId),
        groupId: (0, global_id_1.toGlobalId)('Group', e.groupId),
        groupFullPath: e.groupPath,
    };
}
//# sourceMappingURL=epic.graphql-types.js.map