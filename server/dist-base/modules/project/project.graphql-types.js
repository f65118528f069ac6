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
exports.ProjectIssuesArgs = exports.ProjectType = exports.ProjectPermissionsType = void 0;
exports.toProjectType = toProjectType;
const graphql_1 = require("@nestjs/graphql");
const connection_1 = require("../../core/graphql/connection");
const issue_graphql_types_1 = require("../issue/issue.graphql-types");
let ProjectPermissionsType = class ProjectPermissionsType {
    readProject;
    createIssue;
    adminProject;
    readConfidentialIssues;
};
exports.ProjectPermissionsType = ProjectPermissionsType;
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], ProjectPermissionsType.prototype, "readProject", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], ProjectPermissionsType.prototype, "createIssue", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], ProjectPermissionsType.prototype, "adminProject", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], ProjectPermissionsType.prototype, "readConfidentialIssues", void 0);
exports.ProjectPermissionsType = ProjectPermissionsType = __decorate([
    (0, graphql_1.ObjectType)('ProjectPermissions')
], ProjectPermissionsType);
let ProjectType = class ProjectType {
    id;
    name;
    nameWithNamespace;
    fullPath;
    path;
    description;
    visibility;
    webUrl;
    archived;
    issuesEnabled;
    // Not exposed: the loaded project and the actor's facts, for the field resolvers.
    entity;
    facts;
};
exports.ProjectType = ProjectType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], ProjectType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], ProjectType.prototype, "name", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], ProjectType.prototype, "nameWithNamespace", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], ProjectType.prototype, "fullPath", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], ProjectType.prototype, "path", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], ProjectType.prototype, "description", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], ProjectType.prototype, "visibility", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], ProjectType.prototype, "webUrl", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], ProjectType.prototype, "archived", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], ProjectType.prototype, "issuesEnabled", void 0);
exports.ProjectType = ProjectType = __decorate([
    (0, graphql_1.ObjectType)('Project')
], ProjectType);
/** `Project.issues` arguments (GitLab's names). */
let ProjectIssuesArgs = class ProjectIssuesArgs extends connection_1.ConnectionArgs {
    state;
    search;
    labelName;
    assigneeUsernames;
    assigneeUsername;
    assigneeId;
    authorUsername;
    iid;
    iids;
    confidential;
    types;
    sort;
};
exports.ProjectIssuesArgs = ProjectIssuesArgs;
__decorate([
    (0, graphql_1.Field)(() => issue_graphql_types_1.IssuableStateEnum, { nullable: true, description: 'Current state of this issue.' }),
    __metadata("design:type", Object)
], ProjectIssuesArgs.prototype, "state", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true, description: 'Search query for title or description.' }),
    __metadata("design:type", Object)
], ProjectIssuesArgs.prototype, "search", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String], { nullable: 'itemsAndList', description: 'Labels applied to this issue.' }),
    __metadata("design:type", Object)
], ProjectIssuesArgs.prototype, "labelName", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String], { nullable: true, description: 'Usernames of users assigned to the issue.' }),
    __metadata("design:type", Object)
], ProjectIssuesArgs.prototype, "assigneeUsernames", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true, deprecationReason: 'Use `assigneeUsernames`.' }),
    __metadata("design:type", Object)
], ProjectIssuesArgs.prototype, "assigneeUsername", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true, description: 'ID of a user assigned to the issues. Wildcard values "NONE" and "ANY" are supported.' }),
    __metadata("design:type", Object)
], ProjectIssuesArgs.prototype, "assigneeId", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], ProjectIssuesArgs.prototype, "authorUsername", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true, description: 'IID of the issue. For example, "1".' }),
    __metadata("design:type", Object)
], ProjectIssuesArgs.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String], { nullable: true, description: 'List of IIDs of issues. For example, `["1", "2"]`.' }),
    __metadata("design:type", Object)
], ProjectIssuesArgs.prototype, "iids", void 0);
__decorate([
    (0, graphql_1.Field)(() => Boolean, { nullable: true }),
    __metadata("design:type", Object)
], ProjectIssuesArgs.prototype, "confidential", void 0);
__decorate([
    (0, graphql_1.Field)(() => [issue_graphql_types_1.IssueTypeEnum], { nullable: true }),
    __metadata("design:type", Object)
], ProjectIssuesArgs.prototype, "types", void 0);
__decorate([
    (0, graphql_1.Field)(() => issue_graphql_types_1.IssueSortEnum, { nullable: true, defaultValue: issue_graphql_types_1.IssueSortEnum.CREATED_DESC }),
    __metadata("design:type", String)
], ProjectIssuesArgs.prototype, "sort", void 0);
exports.ProjectIssuesArgs = ProjectIssuesArgs = __decorate([
    (0, graphql_1.ArgsType)()
], ProjectIssuesArgs);
function toProjectType(p, facts, baseUrl) {
    return {
        id: `gid://tandem/Project/${p.id}`,
        name: p.name,
        nameWithNamespace: p.namespace ? `${p.namespace.name} / ${p.name}` : p.name,
        fullPath: p.fullPath,
        path: p.path,
        description: p.description,
        visibility: p.visibility,
        webUrl: `${baseUrl}/${p.fullPath}`,
        archived: p.archived,
        issuesEnabled: true,
        entity: p,
        facts,
    };
}
//# sourceMappingURL=project.graphql-types.js.map