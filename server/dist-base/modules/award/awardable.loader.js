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
exports.AwardableLoader = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const app_error_1 = require("../../core/errors/app-error");
const global_id_1 = require("../../core/graphql/global-id");
const issue_permissions_1 = require("../../core/policy/issue-permissions");
const issue_context_1 = require("../issue/issue-context");
const issue_loader_1 = require("../issue/issue.loader");
/** Finds awardables by route or global id; unreadable ones are "not found", never a hint. */
let AwardableLoader = class AwardableLoader {
    ds;
    issues;
    constructor(ds, issues) {
        this.ds = ds;
        this.issues = issues;
    }
    /** An issue by project (id or path) and iid; 404 when the actor may not read it. */
    async issue(actor, project, iid) {
        const loaded = await this.issues.findReadable(actor, project, iid);
        return this.ofIssue(actor, loaded);
    }
    ofIssue(actor, loaded) {
        return {
            type: 'Issue',
            id: loaded.issue.id,
            issue: loaded,
            noteable: (0, issue_context_1.issueNoteable)(loaded.issue, loaded.project),
            canAward: (0, issue_permissions_1.issuePermissions)(actor, loaded.projectFacts, loaded.facts).awardEmoji,
            internal: false,
        };
    }
    /**
     * A note of an issue by its id, within `project` (id or path) and, when given, issue `iid`:
     * 404 (NOTE_NOT_FOUND) when it is elsewhere or the actor may not read it.
     */
    async note(actor, project, noteId, iid) {
        const row = await this.noteRow(noteId);
        const ref = String(project);
        const sameProject = /^\d+$/.test(ref) ? Number(ref) === row?.project_id : ref.toLowerCase() === row?.full_path.toLowerCase();
        if (!row || !sameProject || (iid !== undefined && String(row.iid) !== String(iid))) {
            // The project and issue still answer their own 404 first (REST: issue, then note)
            if (iid !== undefined)
                await this.issues.findReadable(actor, project, iid);
            throw new app_error_1.AppError('NOTE_NOT_FOUND');
        }
        return this.ofNote(actor, row);
    }
    /** An awardable by GraphQL global id (Issue or Note); 404 when unknown or unreadable. */
    async byGlobalId(actor, gid) {
        const issueId = (0, global_id_1.parseGlobalId)(gid, ['Issue']);
        if (issueId !== null) {
            const [row] = (await this.ds.query('SELECT i.iid, p.full_path FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = $1', [issueId]));
            if (!row)
                throw new app_error_1.AppError('NOT_FOUND');
            return this.issue(actor, row.full_path, row.iid);
        }
        const noteId = (0, global_id_1.parseGlobalId)(gid, ['Note']);
        if (noteId === null)
            throw new app_error_1.AppError('NOT_FOUND');
        const row = await this.noteRow(noteId);
        if (!row)
            throw new app_error_1.AppError('NOT_FOUND');
        return this.ofNote(actor, row);
    }
    async ofNote(actor, row) {
        const loaded = await this.issues.findReadable(actor, row.full_path, row.iid);
        const abilities = (0, issue_permissions_1.notePermissionsFor)(actor, loaded.projectFacts, loaded.facts)({ authorId: row.author_id, system: row.system, internal: row.internal, resolvable: row.resolvable });
        if (!abilities.readNote)
            throw new app_error_1.AppError('NOTE_NOT_FOUND');
        return { type: 'Note', id: Number(row.id), issue: loaded, noteable: (0, issue_context_1.issueNoteable)(loaded.issue, loaded.project), canAward: abilities.awardEmoji, internal: row.internal };
    }
    async noteRow(noteId) {
        const id = typeof noteId === 'number' ? noteId : /^\d{1,10}$/.test(noteId) ? Number(noteId) : NaN;
        if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
            return null;
        const [row] = (await this.ds.query(`SELECT n.id, n.system, n.internal, n.author_id, n.resolvable, i.iid, p.id AS project_id, p.full_path
       FROM notes n JOIN issues i ON n.noteable_type = 'Issue' AND i.id = n.noteable_id JOIN projects p ON p.id = i.project_id
       WHERE n.id = $1`, [id]));
        return row ?? null;
    }
};
exports.AwardableLoader = AwardableLoader;
exports.AwardableLoader = AwardableLoader = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource,
        issue_loader_1.IssueLoader])
], AwardableLoader);
//# sourceMappingURL=awardable.loader.js.map