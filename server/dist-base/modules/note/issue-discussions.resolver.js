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
exports.IssueDiscussionsResolver = void 0;
const graphql_1 = require("@nestjs/graphql");
const shared_types_1 = require("@tandem/shared-types");
const connection_1 = require("../../core/graphql/connection");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const issue_graphql_types_1 = require("../issue/issue.graphql-types");
const discussion_finder_1 = require("./discussion.finder");
const note_graphql_types_1 = require("./note.graphql-types");
/** The issue's `Issue.discussions` / `Issue.notes` (GitLab's Noteable interface), read by the discussion finder. */
let IssueDiscussionsResolver = class IssueDiscussionsResolver {
    finder;
    constructor(finder) {
        this.finder = finder;
    }
    /** Policy: read_issue (checked when the issue was loaded); internal notes for readers of internal notes. */
    async discussions(actor, i, args) {
        const page = await this.finder.page(actor, contextOf(i), { filter: shared_types_1.NOTES_FILTER.all });
        return (0, connection_1.connectionOf)(page.discussions.map(note_graphql_types_1.toDiscussionType), args);
    }
    /** Policy: read_issue (checked when the issue was loaded); internal notes for readers of internal notes. */
    async notes(actor, i, args) {
        const page = await this.finder.page(actor, contextOf(i), { filter: shared_types_1.NOTES_FILTER.all });
        return (0, connection_1.connectionOf)(page.discussions.flatMap((d) => d.notes.map(note_graphql_types_1.toNoteType)), args);
    }
};
exports.IssueDiscussionsResolver = IssueDiscussionsResolver;
__decorate([
    (0, graphql_1.ResolveField)(() => note_graphql_types_1.DiscussionConnection),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Parent)()),
    __param(2, (0, graphql_1.Args)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.IssueType, connection_1.ConnectionArgs]),
    __metadata("design:returntype", Promise)
], IssueDiscussionsResolver.prototype, "discussions", null);
__decorate([
    (0, graphql_1.ResolveField)(() => note_graphql_types_1.NoteConnection),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Parent)()),
    __param(2, (0, graphql_1.Args)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.IssueType, connection_1.ConnectionArgs]),
    __metadata("design:returntype", Promise)
], IssueDiscussionsResolver.prototype, "notes", null);
exports.IssueDiscussionsResolver = IssueDiscussionsResolver = __decorate([
    (0, graphql_1.Resolver)(() => issue_graphql_types_1.IssueType),
    __metadata("design:paramtypes", [discussion_finder_1.DiscussionFinder])
], IssueDiscussionsResolver);
/** What the finder reads of an issue, from the GraphQL object (its id is `gid://tandem/Issue/<id>`). */
function contextOf(i) {
    const id = Number(i.id.slice(i.id.lastIndexOf('/') + 1));
    return {
        project: { id: i.projectId, fullPath: i.projectFullPath, archived: i.projectFacts.archived },
        projectFacts: i.projectFacts,
        issue: { id, iid: Number(i.iid) },
        assigneeIds: [...i.issueFacts.assigneeIds],
        facts: i.issueFacts,
    };
}
//# sourceMappingURL=issue-discussions.resolver.js.map