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
exports.IssueAssignee = exports.Issue = void 0;
const typeorm_1 = require("typeorm");
const user_entity_1 = require("../user/user.entity");
const project_entity_1 = require("../project/project.entity");
let Issue = class Issue {
    id;
    projectId;
    project;
    iid;
    issueType;
    title;
    description;
    descriptionHtml;
    state;
    closedAt;
    closedById;
    confidential;
    discussionLocked;
    /** Optimistic concurrency is enforced by UpdateIssueAction (in SQL), not by TypeORM's @VersionColumn. */
    lockVersion;
    authorId;
    author;
    updatedById;
    lastEditedAt;
    lastEditedById;
    milestoneId;
    dueDate;
    weight;
    severity;
    healthStatus;
    iterationId;
    timeEstimate;
    totalTimeSpent;
    relativePosition;
    eventSeq;
    /** Submitted as spam: hidden from everyone but admins (policy.ts canReadIssue). */
    hidden;
    /** The pinned meeting link (/zoom). */
    zoomMeetingUrl;
    /** The issue this one was moved to (GitLab's moved_to_id); set when it is moved, with the close. */
    movedToId;
    createdAt;
    updatedAt;
};
exports.Issue = Issue;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)(),
    __metadata("design:type", Number)
], Issue.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'project_id' }),
    __metadata("design:type", Number)
], Issue.prototype, "projectId", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => project_entity_1.Project),
    (0, typeorm_1.JoinColumn)({ name: 'project_id' }),
    __metadata("design:type", project_entity_1.Project)
], Issue.prototype, "project", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer' }),
    __metadata("design:type", Number)
], Issue.prototype, "iid", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'issue_type' }),
    __metadata("design:type", String)
], Issue.prototype, "issueType", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Issue.prototype, "title", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "description", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', name: 'description_html', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "descriptionHtml", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Issue.prototype, "state", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'closed_at', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "closedAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'closed_by_id', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "closedById", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean' }),
    __metadata("design:type", Boolean)
], Issue.prototype, "confidential", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean', name: 'discussion_locked' }),
    __metadata("design:type", Boolean)
], Issue.prototype, "discussionLocked", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'lock_version' }),
    __metadata("design:type", Number)
], Issue.prototype, "lockVersion", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'author_id', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "authorId", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => user_entity_1.User),
    (0, typeorm_1.JoinColumn)({ name: 'author_id' }),
    __metadata("design:type", Object)
], Issue.prototype, "author", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'updated_by_id', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "updatedById", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'last_edited_at', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "lastEditedAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'last_edited_by_id', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "lastEditedById", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'milestone_id', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "milestoneId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'date', name: 'due_date', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "dueDate", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "weight", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Issue.prototype, "severity", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'health_status', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "healthStatus", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'iteration_id', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "iterationId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'time_estimate' }),
    __metadata("design:type", Number)
], Issue.prototype, "timeEstimate", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'total_time_spent' }),
    __metadata("design:type", Number)
], Issue.prototype, "totalTimeSpent", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'relative_position', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "relativePosition", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'event_seq' }),
    __metadata("design:type", Number)
], Issue.prototype, "eventSeq", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean', default: false }),
    __metadata("design:type", Boolean)
], Issue.prototype, "hidden", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', name: 'zoom_meeting_url', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "zoomMeetingUrl", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'moved_to_id', nullable: true }),
    __metadata("design:type", Object)
], Issue.prototype, "movedToId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }),
    __metadata("design:type", Date)
], Issue.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }),
    __metadata("design:type", Date)
], Issue.prototype, "updatedAt", void 0);
exports.Issue = Issue = __decorate([
    (0, typeorm_1.Entity)('issues')
], Issue);
let IssueAssignee = class IssueAssignee {
    issueId;
    userId;
    position;
};
exports.IssueAssignee = IssueAssignee;
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'integer', name: 'issue_id' }),
    __metadata("design:type", Number)
], IssueAssignee.prototype, "issueId", void 0);
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'integer', name: 'user_id' }),
    __metadata("design:type", Number)
], IssueAssignee.prototype, "userId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer' }),
    __metadata("design:type", Number)
], IssueAssignee.prototype, "position", void 0);
exports.IssueAssignee = IssueAssignee = __decorate([
    (0, typeorm_1.Entity)('issue_assignees')
], IssueAssignee);
//# sourceMappingURL=issue.entity.js.map