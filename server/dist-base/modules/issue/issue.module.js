"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.IssueModule = void 0;
const common_1 = require("@nestjs/common");
const markdown_module_1 = require("../../core/markdown/markdown.module");
const label_module_1 = require("../label/label.module");
const note_module_1 = require("../note/note.module");
const project_module_1 = require("../project/project.module");
const create_issue_1 = require("./actions/create-issue");
const destroy_issue_1 = require("./actions/destroy-issue");
const move_issue_1 = require("./actions/move-issue");
const issue_bulk_controller_1 = require("./issue-bulk.controller");
const issue_move_controller_1 = require("./issue-move.controller");
const issue_move_resolver_1 = require("./issue-move.resolver");
const issue_people_resolver_1 = require("./issue-people.resolver");
const subscription_store_1 = require("./subscription.store");
const update_issue_1 = require("./actions/update-issue");
const issue_page_controller_1 = require("./issue-page.controller");
const issue_controller_1 = require("./issue.controller");
const issue_finder_1 = require("./issue.finder");
const issue_loader_1 = require("./issue.loader");
const issue_resolver_1 = require("./issue.resolver");
const time_tracking_controller_1 = require("./time-tracking/time-tracking.controller");
const timelog_finder_1 = require("./time-tracking/timelog.finder");
const timelogs_resolver_1 = require("./time-tracking/timelogs.resolver");
const description_version_store_1 = require("../note/description-versions/description-version.store");
const quick_action_interpreter_1 = require("../note/quick-actions/quick-action-interpreter");
/** Issues: the finder (lists), the loader (one issue with its access), one file per action, REST, page endpoints and GraphQL. */
let IssueModule = class IssueModule {
};
exports.IssueModule = IssueModule;
exports.IssueModule = IssueModule = __decorate([
    (0, common_1.Module)({
        imports: [project_module_1.ProjectModule, label_module_1.LabelModule, note_module_1.NoteModule, markdown_module_1.MarkdownModule],
        // bulk_update before IssueController's PUT :iid
        controllers: [issue_bulk_controller_1.IssueBulkController, issue_move_controller_1.IssueMoveController, issue_controller_1.IssueController, issue_page_controller_1.IssuePageController, time_tracking_controller_1.TimeTrackingController],
        providers: [issue_finder_1.IssueFinder, issue_loader_1.IssueLoader, create_issue_1.CreateIssueAction, update_issue_1.UpdateIssueAction, destroy_issue_1.DestroyIssueAction, issue_resolver_1.IssueResolver, description_version_store_1.DescriptionVersionStore, quick_action_interpreter_1.QuickActionInterpreter, move_issue_1.MoveIssueAction, issue_move_resolver_1.IssueMoveResolver, issue_people_resolver_1.IssuePeopleResolver, timelog_finder_1.TimelogFinder, timelogs_resolver_1.IssueTimelogsResolver, subscription_store_1.SubscriptionStore],
        exports: [issue_finder_1.IssueFinder, issue_loader_1.IssueLoader, create_issue_1.CreateIssueAction, update_issue_1.UpdateIssueAction, destroy_issue_1.DestroyIssueAction, description_version_store_1.DescriptionVersionStore, quick_action_interpreter_1.QuickActionInterpreter, subscription_store_1.SubscriptionStore],
    })
], IssueModule);
//# sourceMappingURL=issue.module.js.map