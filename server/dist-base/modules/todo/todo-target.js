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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.TodoTargetLoader = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const app_error_1 = require("../../core/errors/app-error");
const issue_loader_1 = require("../issue/issue.loader");
/** An issue a to-do may point at: readable to the actor (404 otherwise, as for any issue). */
let TodoTargetLoader = class TodoTargetLoader {
    ds;
    issues;
    constructor(ds, issues) {
        this.ds = ds;
        this.issues = issues;
    }
    byIid(actor, project, iid) {
        return this.issues.findReadable(actor, project, iid);
    }
    /** By the issue's id alone (GraphQL's targetId). */
    async byIssueId(actor, issueId) {
        const [row] = (await this.ds.query('SELECT p.full_path FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = $1', [issueId]));
        if (!row)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        return this.byId(actor, row.full_path, issueId);
    }
    /** By the issue's id (the sidebar's issuable_id), in the project the path names. */
    async byId(actor, projectPath, issueId) {
        const [row] = (await this.ds.query('SELECT project_id, iid FROM issues WHERE id = $1', [issueId]));
        if (!row)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        const loaded = await this.issues.findReadable(actor, projectPath, row.iid);
        if (loaded.issue.id !== issueId)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        return loaded;
    }
};
exports.TodoTargetLoader = TodoTargetLoader;
exports.TodoTargetLoader = TodoTargetLoader = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource,
        issue_loader_1.IssueLoader])
], TodoTargetLoader);
//# sourceMappingURL=todo-target.js.map