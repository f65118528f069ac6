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
exports.MoveIssueAction = exports.MOVE_ERRORS = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const policy_1 = require("../../../core/policy/policy");
const label_service_1 = require("../../label/label.service");
const project_service_1 = require("../../project/project.service");
const issue_context_1 = require("../issue-context");
const issue_mapper_1 = require("../issue.mapper");
const issue_loader_1 = require("../issue.loader");
const create_issue_1 = require("./create-issue");
const update_issue_1 = require("./update-issue");
/** GitLab's refusals of a move (Issues::MoveService), as its API words them. */
exports.MOVE_ERRORS = {
    sameProject: 'Cannot move issue to project it originates from!',
    permissions: 'Cannot move issue due to insufficient permissions!',
    alreadyMoved: 'Cannot move issue, it has already been moved!',
};
/**
 * Moves an issue to another project (GitLab's Issues::MoveService): the mover must admin the
 * original and be able to create issues in the target. The copy gets the title, description,
 * confidentiality and type, and (when the mover triages issues there) the labels that exist
 * there by title, the assignees who can see it there, the due date and the weight; it notes
 * "moved from <ref>". The original notes "moved to <ref>", is closed and points at the copy
 * (moved_to_id). Each issue's write is its own transaction with its events, so both pages are live.
 */
let MoveIssueAction = class MoveIssueAction {
    ds;
    config;
    loader;
    projects;
    createIssue;
    updateIssue;
    constructor(ds, config, loader, projects, createIssue, updateIssue) {
        this.ds = ds;
        this.config = config;
        this.loader = loader;
        this.projects = projects;
        this.createIssue = createIssue;
        this.updateIssue = updateIssue;
    }
    async execute(actor, source, targetRef) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        (0, issue_context_1.authorizeOnIssue)(actor, 'admin_issue', source);
        if (source.issue.movedToId !== null)
            throw new app_error_1.ValidationError({ base: [exports.MOVE_ERRORS.alreadyMoved] });
        const { project: target, facts } = await this.projects.findReadable(actor, targetRef);
        if (target.id === source.project.id)
            throw new app_error_1.ValidationError({ base: [exports.MOVE_ERRORS.sameProject] });
        if (!(0, policy_1.canProject)(actor, 'create_issue', facts))
            throw new app_error_1.ValidationError({ base: [exports.MOVE_ERRORS.permissions] });
        const from = source.issue;
        const input = {
            title: from.title,
            description: from.description,
            confidential: from.confidential,
            issueType: from.issueType,
        };
        // Metadata only where the mover may set it (reporters and up), as creating an issue there
        if ((0, policy_1.canProject)(actor, 'read_confidential_issues', facts)) {
            if (from.dueDate !== null)
                input.dueDate = from.dueDate;
            if (from.weight !== null)
                input.weight = from.weight;
            const labelIds = await this.labelsThere(from.id, target);
            if (labelIds.length)
                input.labels = { set: labelIds.map((id) => ({ id })) };
            const assignees = await this.assigneesThere(source.assigneeIds, target);
            if (assignees.length)
                input.assigneeIds = assignees;
        }
        const copy = await this.createIssue.execute(actor, target, facts, input);
        const copyCtx = await this.loader.contextFor(target, facts, copy.iid);
        if (!copyCtx)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        await this.updateIssue.execute(actor, copyCtx, { movedFrom: `${source.project.fullPath}#${from.iid}` });
        await this.updateIssue.execute(actor, source, {
            movedTo: { id: copy.id, reference: `${target.fullPath}#${copy.iid}`, webUrl: `${this.config.publicUrl}${(0, issue_mapper_1.issueWebPath)(target.fullPath, copy.iid)}` },
            ...(from.state === 'opened' ? { stateEvent: 'close' } : {}),
        });
        return { issue: copy, project: target, facts };
    }
    /** The target's labels (its own and its groups') with the titles of the original's labels. */
    async labelsThere(issueId, target) {
        const rows = (await this.ds.query(`${label_service_1.AVAILABLE_LABELS_SQL} AND lower(l.title) IN (SELECT lower(sl.title) FROM label_links ll JOIN labels sl ON sl.id = ll.label_id WHERE ll.target_type = 'Issue' AND ll.target_id = $3)
       ORDER BY l.project_id NULLS LAST`, [target.id, target.namespaceId, issueId]));
        // A project label wins over a group label of the same title
        const byTitle = new Map();
        for (const r of rows)
            if (!byTitle.has(r.title.toLowerCase()))
                byTitle.set(r.title.toLowerCase(), Number(r.id));
        return [...byTitle.values()];
    }
    /** The original's assignees who can see issues of the target (everyone, unless it is private). */
    async assigneesThere(ids, target) {
        if (target.visibility !== 'private')
            return ids;
        const out = [];
        for (const id of ids)
            if ((await this.projects.accessLevel(id, target)) > 0)
                out.push(id);
        return out;
    }
};
exports.MoveIssueAction = MoveIssueAction;
exports.MoveIssueAction = MoveIssueAction = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, issue_loader_1.IssueLoader,
        project_service_1.ProjectService,
        create_issue_1.CreateIssueAction,
        update_issue_1.UpdateIssueAction])
], MoveIssueAction);
//# sourceMappingURL=move-issue.js.map