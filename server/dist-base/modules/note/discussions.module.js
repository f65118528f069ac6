"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.DiscussionsModule = void 0;
const common_1 = require("@nestjs/common");
const markdown_module_1 = require("../../core/markdown/markdown.module");
const award_module_1 = require("../award/award.module");
const issue_module_1 = require("../issue/issue.module");
const issue_link_module_1 = require("../issue-link/issue-link.module");
const relate_command_1 = require("./quick-actions/relate-command");
const quick_actions_module_1 = require("./quick-actions/quick-actions.module");
const create_note_1 = require("./actions/create-note");
const destroy_note_1 = require("./actions/destroy-note");
const resolve_note_1 = require("./actions/resolve-note");
const update_note_1 = require("./actions/update-note");
const discussion_controller_1 = require("./discussion.controller");
const discussion_finder_1 = require("./discussion.finder");
const note_page_controller_1 = require("./note-page.controller");
const note_controller_1 = require("./note.controller");
const note_module_1 = require("./note.module");
const note_resolver_1 = require("./note.resolver");
const issue_discussions_resolver_1 = require("./issue-discussions.resolver");
/**
 * Writing and listing notes on issues: one action per verb (actions/), discussions.json and the
 * page's note endpoints, REST v4 notes and discussions, GraphQL note mutations. The REST
 * controllers come first: the page routes' `*project` wildcard would also match /api/v4 paths.
 */
let DiscussionsModule = class DiscussionsModule {
};
exports.DiscussionsModule = DiscussionsModule;
exports.DiscussionsModule = DiscussionsModule = __decorate([
    (0, common_1.Module)({
        imports: [note_module_1.NoteModule, issue_module_1.IssueModule, markdown_module_1.MarkdownModule, quick_actions_module_1.QuickActionsModule, award_module_1.AwardModule, issue_link_module_1.IssueLinkModule],
        controllers: [note_controller_1.NoteController, discussion_controller_1.DiscussionController, note_page_controller_1.NotePageController],
        providers: [relate_command_1.RelateCommand, create_note_1.CreateNoteAction, update_note_1.UpdateNoteAction, destroy_note_1.DestroyNoteAction, resolve_note_1.ResolveNoteAction, discussion_finder_1.DiscussionFinder, note_resolver_1.NoteResolver, issue_discussions_resolver_1.IssueDiscussionsResolver],
        exports: [create_note_1.CreateNoteAction, update_note_1.UpdateNoteAction, destroy_note_1.DestroyNoteAction, resolve_note_1.ResolveNoteAction, discussion_finder_1.DiscussionFinder],
    })
], DiscussionsModule);
//# sourceMappingURL=discussions.module.js.map