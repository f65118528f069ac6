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
exports.IssueSetDueDatePayload = exports.IssueSetLockedPayload = exports.IssueSetConfidentialPayload = exports.IssueSetAssigneesPayload = exports.CreateIssuePayload = exports.UpdateIssuePayload = exports.IssuePayloadBase = exports.IssueSetDueDateInput = exports.IssueSetLockedInput = exports.IssueSetConfidentialInput = exports.IssueSetAssigneesInput = exports.CreateIssueInput = exports.UpdateIssueInput = exports.IssueConnection = exports.IssueType = exports.IssuePermissionsType = exports.TaskCompletionStatusType = exports.MutationOperationModeEnum = exports.IssuableSeverityEnum = exports.IssueSortEnum = exports.IssueStateEventEnum = exports.IssueTypeEnum = exports.IssuableStateEnum = exports.IssueStateEnum = void 0;
exports.toIssueType = toIssueType;
const graphql_1 = require("@nestjs/graphql");
const shared_types_1 = require("@tandem/shared-types");
const iteration_graphql_types_1 = require("../iteration/iteration.graphql-types");
const iteration_queries_1 = require("../iteration/iteration.queries");
const connection_1 = require("../../core/graphql/connection");
const global_id_1 = require("../../core/graphql/global-id");
const scalars_1 = require("../../core/graphql/scalars");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const user_entity_1 = require("../user/user.entity");
const milestone_graphql_types_1 = require("../milestone/milestone.graphql-types");
const user_graphql_types_1 = require("../user/user.graphql-types");
const issue_mapper_1 = require("./issue.mapper");
// ---------- enums (GitLab's names and values) ----------
var IssueStateEnum;
(function (IssueStateEnum) {
    IssueStateEnum["opened"] = "opened";
    IssueStateEnum["closed"] = "closed";
    IssueStateEnum["locked"] = "locked";
    IssueStateEnum["all"] = "all";
})(IssueStateEnum || (exports.IssueStateEnum = IssueStateEnum = {}));
(0, graphql_1.registerEnumType)(IssueStateEnum, { name: 'IssueState', description: 'State of a GitLab issue' });
var IssuableStateEnum;
(function (IssuableStateEnum) {
    IssuableStateEnum["opened"] = "opened";
    IssuableStateEnum["closed"] = "closed";
    IssuableStateEnum["locked"] = "locked";
    IssuableStateEnum["all"] = "all";
})(IssuableStateEnum || (exports.IssuableStateEnum = IssuableStateEnum = {}));
(0, graphql_1.registerEnumType)(IssuableStateEnum, { name: 'IssuableState', description: 'State of a GitLab issue or merge request' });
var IssueTypeEnum;
(function (IssueTypeEnum) {
    IssueTypeEnum["ISSUE"] = "issue";
    IssueTypeEnum["INCIDENT"] = "incident";
    IssueTypeEnum["TEST_CASE"] = "test_case";
})(IssueTypeEnum || (exports.IssueTypeEnum = IssueTypeEnum = {}));
(0, graphql_1.registerEnumType)(IssueTypeEnum, { name: 'IssueType', description: 'Issue type' });
var IssueStateEventEnum;
(function (IssueStateEventEnum) {
    IssueStateEventEnum["REOPEN"] = "reopen";
    IssueStateEventEnum["CLOSE"] = "close";
})(IssueStateEventEnum || (exports.IssueStateEventEnum = IssueStateEventEnum = {}));
(0, graphql_1.registerEnumType)(IssueStateEventEnum, { name: 'IssueStateEvent', description: 'Values for issue state events' });
var IssueSortEnum;
(function (IssueSortEnum) {
    IssueSortEnum["CREATED_DESC"] = "CREATED_DESC";
    IssueSortEnum["CREATED_ASC"] = "CREATED_ASC";
    IssueSortEnum["UPDATED_DESC"] = "UPDATED_DESC";
    IssueSortEnum["UPDATED_ASC"] = "UPDATED_ASC";
    IssueSortEnum["TITLE_ASC"] = "TITLE_ASC";
    IssueSortEnum["TITLE_DESC"] = "TITLE_DESC";
})(IssueSortEnum || (exports.IssueSortEnum = IssueSortEnum = {}));
(0, graphql_1.registerEnumType)(IssueSortEnum, { name: 'IssueSort', description: 'Values for sorting issues' });
var IssuableSeverityEnum;
(function (IssuableSeverityEnum) {
    IssuableSeverityEnum["UNKNOWN"] = "UNKNOWN";
    IssuableSeverityEnum["LOW"] = "LOW";
    IssuableSeverityEnum["MEDIUM"] = "MEDIUM";
    IssuableSeverityEnum["HIGH"] = "HIGH";
    IssuableSeverityEnum["CRITICAL"] = "CRITICAL";
})(IssuableSeverityEnum || (exports.IssuableSeverityEnum = IssuableSeverityEnum = {}));
(0, graphql_1.registerEnumType)(IssuableSeverityEnum, { name: 'IssuableSeverity', description: 'Incident severity' });
var MutationOperationModeEnum;
(function (MutationOperationModeEnum) {
    MutationOperationModeEnum["REPLACE"] = "REPLACE";
    MutationOperationModeEnum["APPEND"] = "APPEND";
    MutationOperationModeEnum["REMOVE"] = "REMOVE";
})(MutationOperationModeEnum || (exports.MutationOperationModeEnum = MutationOperationModeEnum = {}));
(0, graphql_1.registerEnumType)(MutationOperationModeEnum, { name: 'MutationOperationMode', description: 'Different toggles for changing mutator behavior' });
// ---------- object types ----------
let TaskCompletionStatusType = class TaskCompletionStatusType {
    count;
    completedCount;
};
exports.TaskCompletionStatusType = TaskCompletionStatusType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int),
    __metadata("design:type", Number)
], TaskCompletionStatusType.prototype, "count", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int),
    __metadata("design:type", Number)
], TaskCompletionStatusType.prototype, "completedCount", void 0);
exports.TaskCompletionStatusType = TaskCompletionStatusType = __decorate([
    (0, graphql_1.ObjectType)('TaskCompletionStatus')
], TaskCompletionStatusType);
/** What the current user may do with an issue (policy module answers). */
let IssuePermissionsType = class IssuePermissionsType {
    readIssue;
    updateIssue;
    adminIssue;
    reopenIssue;
    destroyIssue;
    createNote;
};
exports.IssuePermissionsType = IssuePermissionsType;
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], IssuePermissionsType.prototype, "readIssue", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], IssuePermissionsType.prototype, "updateIssue", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], IssuePermissionsType.prototype, "adminIssue", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], IssuePermissionsType.prototype, "reopenIssue", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], IssuePermissionsType.prototype, "destroyIssue", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], IssuePermissionsType.prototype, "createNote", void 0);
exports.IssuePermissionsType = IssuePermissionsType = __decorate([
    (0, graphql_1.ObjectType)('IssuePermissions')
], IssuePermissionsType);
let IssueType = class IssueType {
    id;
    iid;
    title;
    titleHtml;
    description;
    descriptionHtml;
    state;
    type;
    confidential;
    discussionLocked;
    author;
    updatedBy;
    closedBy;
    milestone;
    dueDate;
    createdAt;
    updatedAt;
    closedAt;
    webUrl;
    webPath;
    userNotesCount;
    upvotes;
    downvotes;
    taskCompletionStatus;
    lockVersion;
    projectId;
    severity;
    healthStatus;
    iteration;
    timeEstimate;
    totalTimeSpent;
    humanTimeEstimate;
    humanTotalTimeSpent;
    relativePosition;
    /** Resolved per viewer (subscription/subscription.resolver.ts). */
    subscribed;
    emailsDisabled;
    // Not exposed: what the field resolvers (reference, userPermissions, assignees, labels) need.
    projectFullPath;
    projectFacts;
    issueFacts;
    assigneeUsers;
    labelRows;
    /** The issue's epic from the hydration (Issue.epic, modules/epic/epic.resolver.ts). */
    epicFacts;
    projectNamespaceId;
};
exports.IssueType = IssueType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], IssueType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'Internal ID of the issue.' }),
    __metadata("design:type", String)
], IssueType.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IssueType.prototype, "title", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "titleHtml", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "description", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "descriptionHtml", void 0);
__decorate([
    (0, graphql_1.Field)(() => IssueStateEnum),
    __metadata("design:type", String)
], IssueType.prototype, "state", void 0);
__decorate([
    (0, graphql_1.Field)(() => IssueTypeEnum, { nullable: true }),
    __metadata("design:type", String)
], IssueType.prototype, "type", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], IssueType.prototype, "confidential", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], IssueType.prototype, "discussionLocked", void 0);
__decorate([
    (0, graphql_1.Field)(() => user_graphql_types_1.UserType),
    __metadata("design:type", user_graphql_types_1.UserType)
], IssueType.prototype, "author", void 0);
__decorate([
    (0, graphql_1.Field)(() => user_graphql_types_1.UserType, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "updatedBy", void 0);
__decorate([
    (0, graphql_1.Field)(() => user_graphql_types_1.UserType, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "closedBy", void 0);
__decorate([
    (0, graphql_1.Field)(() => milestone_graphql_types_1.MilestoneType, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "milestone", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.DateScalar, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "dueDate", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar),
    __metadata("design:type", String)
], IssueType.prototype, "createdAt", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar),
    __metadata("design:type", String)
], IssueType.prototype, "updatedAt", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "closedAt", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IssueType.prototype, "webUrl", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IssueType.prototype, "webPath", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int),
    __metadata("design:type", Number)
], IssueType.prototype, "userNotesCount", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int),
    __metadata("design:type", Number)
], IssueType.prototype, "upvotes", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int),
    __metadata("design:type", Number)
], IssueType.prototype, "downvotes", void 0);
__decorate([
    (0, graphql_1.Field)(() => TaskCompletionStatusType),
    __metadata("design:type", TaskCompletionStatusType)
], IssueType.prototype, "taskCompletionStatus", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int, { description: 'Optimistic-locking version of title and description (Tandem).' }),
    __metadata("design:type", Number)
], IssueType.prototype, "lockVersion", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int),
    __metadata("design:type", Number)
], IssueType.prototype, "projectId", void 0);
__decorate([
    (0, graphql_1.Field)(() => IssuableSeverityEnum, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "severity", void 0);
__decorate([
    (0, graphql_1.Field)(() => iteration_graphql_types_1.HealthStatusEnum, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "healthStatus", void 0);
__decorate([
    (0, graphql_1.Field)(() => iteration_graphql_types_1.IterationType, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "iteration", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int),
    __metadata("design:type", Number)
], IssueType.prototype, "timeEstimate", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int),
    __metadata("design:type", Number)
], IssueType.prototype, "totalTimeSpent", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "humanTimeEstimate", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "humanTotalTimeSpent", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int, { nullable: true }),
    __metadata("design:type", Object)
], IssueType.prototype, "relativePosition", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], IssueType.prototype, "emailsDisabled", void 0);
exports.IssueType = IssueType = __decorate([
    (0, graphql_1.ObjectType)('Issue')
], IssueType);
let IssueConnection = class IssueConnection extends (0, connection_1.Connection)(IssueType, 'Issue') {
};
exports.IssueConnection = IssueConnection;
exports.IssueConnection = IssueConnection = __decorate([
    (0, graphql_1.ObjectType)('IssueConnection')
], IssueConnection);
// ---------- mutations (Relay classic: one input, payload with errors) ----------
let UpdateIssueInput = class UpdateIssueInput {
    clientMutationId;
    projectPath;
    iid;
    title;
    description;
    dueDate;
    confidential;
    locked;
    type;
    stateEvent;
    labelIds;
    addLabelIds;
    removeLabelIds;
    milestoneId;
    healthStatus;
    lockVersion;
};
exports.UpdateIssueInput = UpdateIssueInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true, description: 'A unique identifier for the client performing the mutation.' }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { description: 'Project the issue to mutate is in.' }),
    __metadata("design:type", String)
], UpdateIssueInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'IID of the issue to mutate.' }),
    __metadata("design:type", String)
], UpdateIssueInput.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "title", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "description", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.DateScalar, { nullable: true }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "dueDate", void 0);
__decorate([
    (0, graphql_1.Field)(() => Boolean, { nullable: true }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "confidential", void 0);
__decorate([
    (0, graphql_1.Field)(() => Boolean, { nullable: true, description: 'Indicates discussion is locked on the issue.' }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "locked", void 0);
__decorate([
    (0, graphql_1.Field)(() => IssueTypeEnum, { nullable: true }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "type", void 0);
__decorate([
    (0, graphql_1.Field)(() => IssueStateEventEnum, { nullable: true }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "stateEvent", void 0);
__decorate([
    (0, graphql_1.Field)(() => [graphql_1.ID], { nullable: true, description: 'IDs of labels to be set. Replaces existing issue labels.' }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "labelIds", void 0);
__decorate([
    (0, graphql_1.Field)(() => [graphql_1.ID], { nullable: true }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "addLabelIds", void 0);
__decorate([
    (0, graphql_1.Field)(() => [graphql_1.ID], { nullable: true }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "removeLabelIds", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { nullable: true, description: 'ID of the milestone to assign to the issue. On update milestone will be removed if set to null.' }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "milestoneId", void 0);
__decorate([
    (0, graphql_1.Field)(() => iteration_graphql_types_1.HealthStatusEnum, { nullable: true, description: 'Desired health status; null removes it.' }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "healthStatus", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int, { nullable: true, description: 'Tandem: refuse the change if the issue moved past this version.' }),
    __metadata("design:type", Object)
], UpdateIssueInput.prototype, "lockVersion", void 0);
exports.UpdateIssueInput = UpdateIssueInput = __decorate([
    (0, graphql_1.InputType)('UpdateIssueInput')
], UpdateIssueInput);
let CreateIssueInput = class CreateIssueInput {
    clientMutationId;
    projectPath;
    title;
    description;
    confidential;
    locked;
    dueDate;
    type;
    labels;
};
exports.CreateIssueInput = CreateIssueInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], CreateIssueInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { description: 'Project full path the issue is associated with.' }),
    __metadata("design:type", String)
], CreateIssueInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)(() => String),
    __metadata("design:type", String)
], CreateIssueInput.prototype, "title", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], CreateIssueInput.prototype, "description", void 0);
__decorate([
    (0, graphql_1.Field)(() => Boolean, { nullable: true }),
    __metadata("design:type", Object)
], CreateIssueInput.prototype, "confidential", void 0);
__decorate([
    (0, graphql_1.Field)(() => Boolean, { nullable: true }),
    __metadata("design:type", Object)
], CreateIssueInput.prototype, "locked", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.DateScalar, { nullable: true }),
    __metadata("design:type", Object)
], CreateIssueInput.prototype, "dueDate", void 0);
__decorate([
    (0, graphql_1.Field)(() => IssueTypeEnum, { nullable: true }),
    __metadata("design:type", Object)
], CreateIssueInput.prototype, "type", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String], { nullable: true, description: 'Labels (titles) of the issue.' }),
    __metadata("design:type", Object)
], CreateIssueInput.prototype, "labels", void 0);
exports.CreateIssueInput = CreateIssueInput = __decorate([
    (0, graphql_1.InputType)('CreateIssueInput')
], CreateIssueInput);
let IssueSetAssigneesInput = class IssueSetAssigneesInput {
    clientMutationId;
    projectPath;
    iid;
    assigneeUsernames;
    operationMode;
};
exports.IssueSetAssigneesInput = IssueSetAssigneesInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueSetAssigneesInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], IssueSetAssigneesInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IssueSetAssigneesInput.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String]),
    __metadata("design:type", Array)
], IssueSetAssigneesInput.prototype, "assigneeUsernames", void 0);
__decorate([
    (0, graphql_1.Field)(() => MutationOperationModeEnum, { nullable: true, defaultValue: MutationOperationModeEnum.REPLACE }),
    __metadata("design:type", String)
], IssueSetAssigneesInput.prototype, "operationMode", void 0);
exports.IssueSetAssigneesInput = IssueSetAssigneesInput = __decorate([
    (0, graphql_1.InputType)('IssueSetAssigneesInput')
], IssueSetAssigneesInput);
let IssueSetConfidentialInput = class IssueSetConfidentialInput {
    clientMutationId;
    projectPath;
    iid;
    confidential;
};
exports.IssueSetConfidentialInput = IssueSetConfidentialInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueSetConfidentialInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], IssueSetConfidentialInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IssueSetConfidentialInput.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], IssueSetConfidentialInput.prototype, "confidential", void 0);
exports.IssueSetConfidentialInput = IssueSetConfidentialInput = __decorate([
    (0, graphql_1.InputType)('IssueSetConfidentialInput')
], IssueSetConfidentialInput);
let IssueSetLockedInput = class IssueSetLockedInput {
    clientMutationId;
    projectPath;
    iid;
    locked;
};
exports.IssueSetLockedInput = IssueSetLockedInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueSetLockedInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], IssueSetLockedInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IssueSetLockedInput.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], IssueSetLockedInput.prototype, "locked", void 0);
exports.IssueSetLockedInput = IssueSetLockedInput = __decorate([
    (0, graphql_1.InputType)('IssueSetLockedInput')
], IssueSetLockedInput);
let IssueSetDueDateInput = class IssueSetDueDateInput {
    clientMutationId;
    projectPath;
    iid;
    dueDate;
};
exports.IssueSetDueDateInput = IssueSetDueDateInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueSetDueDateInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], IssueSetDueDateInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IssueSetDueDateInput.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar, { nullable: true, description: 'Desired due date for the issue. Due date is removed if null.' }),
    __metadata("design:type", Object)
], IssueSetDueDateInput.prototype, "dueDate", void 0);
exports.IssueSetDueDateInput = IssueSetDueDateInput = __decorate([
    (0, graphql_1.InputType)('IssueSetDueDateInput')
], IssueSetDueDateInput);
/** Every issue mutation answers with the issue and `errors: [String!]!`. */
let IssuePayloadBase = class IssuePayloadBase {
    clientMutationId;
    issue;
    errors;
};
exports.IssuePayloadBase = IssuePayloadBase;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssuePayloadBase.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => IssueType, { nullable: true }),
    __metadata("design:type", Object)
], IssuePayloadBase.prototype, "issue", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String], { description: 'Errors encountered during execution of the mutation.' }),
    __metadata("design:type", Array)
], IssuePayloadBase.prototype, "errors", void 0);
exports.IssuePayloadBase = IssuePayloadBase = __decorate([
    (0, graphql_1.ObjectType)('IssueMutationPayload', { isAbstract: true })
], IssuePayloadBase);
let UpdateIssuePayload = class UpdateIssuePayload extends IssuePayloadBase {
};
exports.UpdateIssuePayload = UpdateIssuePayload;
exports.UpdateIssuePayload = UpdateIssuePayload = __decorate([
    (0, graphql_1.ObjectType)('UpdateIssuePayload')
], UpdateIssuePayload);
let CreateIssuePayload = class CreateIssuePayload extends IssuePayloadBase {
};
exports.CreateIssuePayload = CreateIssuePayload;
exports.CreateIssuePayload = CreateIssuePayload = __decorate([
    (0, graphql_1.ObjectType)('CreateIssuePayload')
], CreateIssuePayload);
let IssueSetAssigneesPayload = class IssueSetAssigneesPayload extends IssuePayloadBase {
};
exports.IssueSetAssigneesPayload = IssueSetAssigneesPayload;
exports.IssueSetAssigneesPayload = IssueSetAssigneesPayload = __decorate([
    (0, graphql_1.ObjectType)('IssueSetAssigneesPayload')
], IssueSetAssigneesPayload);
let IssueSetConfidentialPayload = class IssueSetConfidentialPayload extends IssuePayloadBase {
};
exports.IssueSetConfidentialPayload = IssueSetConfidentialPayload;
exports.IssueSetConfidentialPayload = IssueSetConfidentialPayload = __decorate([
    (0, graphql_1.ObjectType)('IssueSetConfidentialPayload')
], IssueSetConfidentialPayload);
let IssueSetLockedPayload = class IssueSetLockedPayload extends IssuePayloadBase {
};
exports.IssueSetLockedPayload = IssueSetLockedPayload;
exports.IssueSetLockedPayload = IssueSetLockedPayload = __decorate([
    (0, graphql_1.ObjectType)('IssueSetLockedPayload')
], IssueSetLockedPayload);
let IssueSetDueDatePayload = class IssueSetDueDatePayload extends IssuePayloadBase {
};
exports.IssueSetDueDatePayload = IssueSetDueDatePayload;
exports.IssueSetDueDatePayload = IssueSetDueDatePayload = __decorate([
    (0, graphql_1.ObjectType)('IssueSetDueDatePayload')
], IssueSetDueDatePayload);
// ---------- mapping ----------
const SEVERITIES = new Set(Object.values(IssuableSeverityEnum));
/** A hydrated issue as GraphQL's `Issue`, with the facts its field resolvers need. */
function toIssueType(h, projectFacts, baseUrl, md) {
    const { issue: i, project: p } = h;
    const tasks = (0, markdown_service_1.taskCompletionStatus)(i.description);
    const webPath = (0, issue_mapper_1.issueWebPath)(p.fullPath, i.iid);
    const ghost = Object.assign(new user_entity_1.User(), { id: 0, username: 'ghost', name: 'Ghost User', state: 'active', avatarUrl: null });
    return {
        id: (0, global_id_1.toGlobalId)('Issue', i.id),
        iid: String(i.iid),
        title: i.title,
        titleHtml: md.renderInline(i.title, { projectPath: p.fullPath }),
        description: i.description,
        descriptionHtml: i.descriptionHtml ?? '',
        state: i.state,
        type: i.issueType,
        confidential: i.confidential,
        discussionLocked: i.discussionLocked,
        author: (0, user_graphql_types_1.toUserType)(h.author ?? ghost, baseUrl),
        updatedBy: h.updatedBy ? (0, user_graphql_types_1.toUserType)(h.updatedBy, baseUrl) : null,
        closedBy: h.closedBy ? (0, user_graphql_types_1.toUserType)(h.closedBy, baseUrl) : null,
        milestone: h.milestone ? (0, milestone_graphql_types_1.toMilestoneType)(h.milestone, p.fullPath, false) : null,
        dueDate: i.dueDate,
        createdAt: i.createdAt.toISOString(),
        updatedAt: i.updatedAt.toISOString(),
        closedAt: i.closedAt?.toISOString() ?? null,
        webUrl: `${baseUrl}${webPath}`,
        webPath,
        userNotesCount: h.userNotesCount,
        upvotes: h.upvotes,
        downvotes: h.downvotes,
        taskCompletionStatus: { count: tasks.count, completedCount: tasks.completed_count },
        lockVersion: i.lockVersion,
        projectId: i.projectId,
        severity: SEVERITIES.has(i.severity) ? i.severity : null,
        healthStatus: i.healthStatus ? iteration_graphql_types_1.HEALTH_TO_GRAPHQL[i.healthStatus] : null,
        iteration: h.iteration ? (0, iteration_graphql_types_1.toIterationType)((0, iteration_queries_1.toApiIssueIteration)(h.iteration, baseUrl)) : null,
        timeEstimate: i.timeEstimate,
        totalTimeSpent: i.totalTimeSpent,
        humanTimeEstimate: (0, shared_types_1.timeStats)(i.timeEstimate, i.totalTimeSpent).human_time_estimate,
        humanTotalTimeSpent: (0, shared_types_1.timeStats)(i.timeEstimate, i.totalTimeSpent).human_total_time_spent,
        relativePosition: i.relativePosition,
        subscribed: false,
        emailsDisabled: false,
        projectFullPath: p.fullPath,
        projectFacts,
        issueFacts: {
            confidential: i.confidential,
            authorId: i.authorId,
            assigneeIds: h.assignees.map((u) => u.id),
            discussionLocked: i.discussionLocked,
            state: i.state,
        },
        assigneeUsers: h.assignees,
        labelRows: h.labels,
        epicFacts: h.epic,
        projectNamespaceId: p.namespaceId,
    };
}
//# sourceMappingURL=issue.graphql-types.js.map