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
exports.CreateIssueAction = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const label_lookup_1 = require("../../../core/markdown/label-lookup");
const markdown_service_1 = require("../../../core/markdown/markdown.service");
const policy_1 = require("../../../core/policy/policy");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const label_service_1 = require("../../label/label.service");
const project_service_1 = require("../../project/project.service");
const user_entity_1 = require("../../user/user.entity");
const user_mapper_1 = require("../../user/user.mapper");
const fields_1 = require("../fields");
const issue_context_1 = require("../issue-context");
const issue_entity_1 = require("../issue.entity");
const description_version_store_1 = require("../../note/description-versions/description-version.store");
const quick_action_interpreter_1 = require("../../note/quick-actions/quick-action-interpreter");
/** Fields anyone who may create an issue may set; the rest is metadata for reporters and up. */
const OPEN_TO_AUTHORS = new Set(['title', 'description', 'confidential', 'issueType']);
/** Creates an issue: the next iid, the row, its labels and assignees, and `issue.created`. */
let CreateIssueAction = class CreateIssueAction {
    config;
    events;
    markdown;
    labels;
    projects;
    quickActions;
    descriptionVersions;
    constructor(config, events, markdown, labels, projects, quickActions, descriptionVersions) {
        this.config = config;
        this.events = events;
        this.markdown = markdown;
        this.labels = labels;
        this.projects = projects;
        this.quickActions = quickActions;
        this.descriptionVersions = descriptionVersions;
    }
    async execute(actor, project, projectFacts, input) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        if (!(0, policy_1.canProject)(actor, 'create_issue', projectFacts))
            throw new app_error_1.AppError('FORBIDDEN');
        const metadata = fields_1.ISSUE_FIELDS.some((f) => !OPEN_TO_AUTHORS.has(f.key) && input[f.key] !== undefined);
        if (metadata && !(0, policy_1.canProject)(actor, 'read_confidential_issues', projectFacts))
            throw new app_error_1.AppError('FORBIDDEN');
        input = await this.withDescriptionQuickActions(actor, project, projectFacts, input);
        return this.events.transaction(async (tx) => {
            const m = tx.manager;
            const render = { projectPath: project.fullPath, labelExists: await (0, label_lookup_1.loadLabelLookup)(m, project.id, input.title, input.description) };
            const [rows] = (await m.query('UPDATE projects SET last_issue_iid = last_issue_iid + 1 WHERE id = $1 RETURNING last_issue_iid', [project.id]));
            const repo = m.getRepository(issue_entity_1.Issue);
            const issue = await repo.save(repo.create({
                projectId: project.id,
                iid: rows[0].last_issue_iid,
                issueType: input.issueType ?? 'issue',
                title: input.title,
                description: input.description ?? null,
                descriptionHtml: this.markdown.render(input.description, render),
                state: 'opened',
                confidential: input.confidential ?? false,
                discussionLocked: input.discussionLocked ?? false,
                lockVersion: 0,
                authorId: actor.id,
                updatedById: actor.id,
                dueDate: input.dueDate ?? null,
                weight: input.weight ?? null,
                severity: 'UNKNOWN',
                timeEstimate: 0,
                totalTimeSpent: 0,
                eventSeq: 0,
            }));
            await this.descriptionVersions.recordInitial(m, issue.id, actor.id, issue.description);
            const author = await m.getRepository(user_entity_1.User).findOneByOrFail({ id: actor.id });
            const env = {
                actor,
                actorBasic: (0, user_mapper_1.toUserBasic)(author, this.config.publicUrl),
                markdown: this.markdown,
                render,
                labels: this.labels,
                publicUrl: this.config.publicUrl,
                projects: this.projects,
            };
            // Side-table fields (labels, assignees) write as they do on update; a new issue gets no system notes for them
            const ctx = { project, projectFacts, issue, assigneeIds: [], facts: (0, issue_context_1.issueFacts)(issue, []) };
            for (const field of fields_1.ISSUE_FIELDS) {
                const value = input[field.key];
                if (field.write && value !== undefined)
                    await field.write(value, tx, ctx, env);
            }
            const fresh = await repo.findOneByOrFail({ id: issue.id });
            const fields = { lock_version: fresh.lockVersion, updated_at: fresh.updatedAt.toISOString(), updated_by: env.actorBasic };
            for (const field of fields_1.ISSUE_FIELDS)
                Object.assign(fields, field.event?.(fresh, env));
            await tx.record((0, issue_context_1.issueNoteable)(fresh, project), 'issue.created', { fields }, env.actorBasic);
            return fresh;
        });
    }
    /**
     * Quick actions in the new issue's description (GitLab's /label, /assign, /due, ... on
     * create): the commands the author may run on their new issue become its fields, and the
     * description is stored without them; they win over the request's own values for those fields.
     */
    async withDescriptionQuickActions(actor, project, projectFacts, input) {
        if (typeof input.description !== 'string' || !input.description.includes('/'))
            return input;
        const issue = { state: 'opened', title: input.title, confidential: input.confidential ?? false, discussionLocked: false, dueDate: null, weight: null, timeEstimate: 0, totalTimeSpent: 0, zoomMeetingUrl: null, authorId: actor.id };
        const qa = await this.quickActions.interpretText(actor, { project, projectFacts, issue, assigneeIds: [], creating: true }, input.description);
        if (!qa)
            return input;
        // Metadata only for reporters and up, as the fields a request names (the planner checked the issue abilities)
        const triager = (0, policy_1.canProject)(actor, 'read_confidential_issues', projectFacts);
        const fields = Object.fromEntries(Object.entries(qa.input).filter(([k]) => k !== 'stateEvent' && k !== 'title' && (triager || OPEN_TO_AUTHORS.has(k))));
        return { ...input, ...fields, description: qa.body };
    }
};
exports.CreateIssueAction = CreateIssueAction;
exports.CreateIssueAction = CreateIssueAction = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, event_log_service_1.EventLogService,
        markdown_service_1.MarkdownService,
        label_service_1.LabelService,
        project_service_1.ProjectService,
        quick_action_interpreter_1.QuickActionInterpreter,
        description_version_store_1.DescriptionVersionStore])
], CreateIssueAction);
//# sourceMappingURL=create-issue.js.map