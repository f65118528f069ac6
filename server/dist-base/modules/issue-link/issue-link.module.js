"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.IssueLinkModule = void 0;
const common_1 = require("@nestjs/common");
const issue_module_1 = require("../issue/issue.module");
const note_module_1 = require("../note/note.module");
const create_issue_links_1 = require("./actions/create-issue-links");
const destroy_issue_link_1 = require("./actions/destroy-issue-link");
const reorder_issue_link_1 = require("./actions/reorder-issue-link");
const issue_link_page_controller_1 = require("./issue-link-page.controller");
const issue_link_controller_1 = require("./issue-link.controller");
const issue_link_finder_1 = require("./issue-link.finder");
const link_notes_1 = require("./link-notes");
const reference_resolver_1 = require("./reference-resolver");
/** Related issues: the finder, one action per verb, the page block's endpoints and REST v4 links. */
let IssueLinkModule = class IssueLinkModule {
};
exports.IssueLinkModule = IssueLinkModule;
exports.IssueLinkModule = IssueLinkModule = __decorate([
    (0, common_1.Module)({
        imports: [issue_module_1.IssueModule, note_module_1.NoteModule],
        controllers: [issue_link_controller_1.IssueLinkController, issue_link_page_controller_1.IssueLinkPageController],
        providers: [issue_link_finder_1.IssueLinkFinder, reference_resolver_1.ReferenceResolver, link_notes_1.LinkNotes, create_issue_links_1.CreateIssueLinksAction, destroy_issue_link_1.DestroyIssueLinkAction, reorder_issue_link_1.ReorderIssueLinkAction],
        exports: [issue_link_finder_1.IssueLinkFinder, reference_resolver_1.ReferenceResolver, create_issue_links_1.CreateIssueLinksAction],
    })
], IssueLinkModule);
//# sourceMappingURL=issue-link.module.js.map