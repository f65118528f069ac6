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
exports.IssueNoteableAccessModule = exports.IssueListWatchAccess = exports.IssueNoteableAccess = void 0;
const common_1 = require("@nestjs/common");
const app_error_1 = require("../../core/errors/app-error");
const policy_1 = require("../../core/policy/policy");
const project_module_1 = require("../project/project.module");
const issue_module_1 = require("./issue.module");
const project_service_1 = require("../project/project.service");
const issue_loader_1 = require("./issue.loader");
const abilitiesOf = (actor, facts) => ({
    readInternalNotes: (0, policy_1.canProject)(actor, 'read_confidential_issues', facts),
});
const grantOf = (actor, ctx) => ({
    noteable: { type: 'Issue', id: ctx.issue.id, ref: { id: ctx.issue.id, iid: ctx.issue.iid, project_path: ctx.project.fullPath } },
    projectId: ctx.project.id,
    seq: ctx.issue.eventSeq,
    abilities: abilitiesOf(actor, ctx.projectFacts),
});
/** Live rooms of issues: the read policy (`canReadIssue`) behind the realtime port. */
let IssueNoteableAccess = class IssueNoteableAccess {
    issues;
    projects;
    type = 'Issue';
    constructor(issues, projects) {
        this.issues = issues;
        this.projects = projects;
    }
    /** Throws the not-found AppError an HTTP read would get: the same for "missing" and "may not read". */
    async resolve(actor, target) {
        // The project, the actor's level, the issue and its assignees: one statement
        return grantOf(actor, await this.issues.findReadable(actor, target.project_path, target.iid));
    }
    targetKey(target) {
        return `${target.project_path.toLowerCase()}#${target.iid}`;
    }
    keyOf(grant) {
        return this.targetKey(grant.noteable.ref);
    }
    async verify(actor, room) {
        try {
            // By the project's id: a rename since the subscribe does not matter
            const ctx = await this.issues.findReadable(actor, room.projectId ?? room.noteable.ref.project_path, room.noteable.ref.iid);
            return abilitiesOf(actor, ctx.projectFacts);
        }
        catch (e) {
            if (e instanceof app_error_1.AppError)
                return null;
            throw e;
        }
    }
    async snapshot(room) {
        // The project with its namespace (one statement), then the issue with its assignees
        const project = await this.projects.findByIdOrPath(room.projectId ?? room.noteable.ref.project_path);
        if (!project)
            return { found: false, reason: 'access_revoked' };
        const ctx = await this.issues.contextFor(project, { visibility: project.visibility, archived: project.archived, accessLevel: 0 }, room.noteable.ref.iid);
        if (!ctx)
            return { found: false, reason: 'deleted' };
        // Members of one user share one membership lookup
        const factsByActor = new Map();
        return {
            found: true,
            abilitiesOf: async (actor) => {
                const key = actor?.id ?? 0;
                let facts = factsByActor.get(key);
                if (!facts) {
                    facts = this.projects.facts(actor, project);
                    factsByActor.set(key, facts);
                }
                const f = await facts;
                return (0, policy_1.canReadIssue)(actor, f, ctx.facts) ? abilitiesOf(actor, f) : null;
            },
        };
    }
    /** Confidentiality and assignees decide who may read a confidential issue. */
    changesAccess(e) {
        if (e.type === 'issue.updated')
            return e.payload.fields.confidential !== undefined;
        return e.type === 'issue.assignees';
    }
};
exports.IssueNoteableAccess = IssueNoteableAccess;
exports.IssueNoteableAccess = IssueNoteableAccess = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        project_service_1.ProjectService])
], IssueNoteableAccess);
/** The project watch port (issue lists kept live): whoever may read the project sees its issue list. */
let IssueListWatchAccess = class IssueListWatchAccess {
    projects;
    constructor(projects) {
        this.projects = projects;
    }
    async resolve(actor, projectPath) {
        const { project } = await this.projects.findReadable(actor, projectPath);
        return { fullPath: project.fullPath };
    }
};
exports.IssueListWatchAccess = IssueListWatchAccess;
exports.IssueListWatchAccess = IssueListWatchAccess = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [project_service_1.ProjectService])
], IssueListWatchAccess);
/** The app composes it: `RealtimeModule.register({ imports: [IssueNoteableAccessModule], noteableAccess: [IssueNoteableAccess], projectWatchAccess: IssueListWatchAccess })`. */
let IssueNoteableAccessModule = class IssueNoteableAccessModule {
};
exports.IssueNoteableAccessModule = IssueNoteableAccessModule;
exports.IssueNoteableAccessModule = IssueNoteableAccessModule = __decorate([
    (0, common_1.Module)({
        imports: [issue_module_1.IssueModule, project_module_1.ProjectModule],
        providers: [IssueNoteableAccess, IssueListWatchAccess],
        exports: [IssueNoteableAccess, IssueListWatchAccess],
    })
], IssueNoteableAccessModule);
//# sourceMappingURL=issue-noteable-access.js.map