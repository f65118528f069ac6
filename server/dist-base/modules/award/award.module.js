"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AwardModule = void 0;
const common_1 = require("@nestjs/common");
const issue_module_1 = require("../issue/issue.module");
const add_award_1 = require("./actions/add-award");
const remove_award_1 = require("./actions/remove-award");
const toggle_award_1 = require("./actions/toggle-award");
const award_page_controller_1 = require("./award-page.controller");
const award_writer_1 = require("./award-writer");
const award_controller_1 = require("./award.controller");
const award_finder_1 = require("./award.finder");
const award_resolver_1 = require("./award.resolver");
const awardable_loader_1 = require("./awardable.loader");
/** Emoji awards on issues and notes: finder, one action per verb, page and REST endpoints, GraphQL mutations. */
let AwardModule = class AwardModule {
};
exports.AwardModule = AwardModule;
exports.AwardModule = AwardModule = __decorate([
    (0, common_1.Module)({
        imports: [issue_module_1.IssueModule],
        controllers: [award_controller_1.AwardController, award_page_controller_1.AwardPageController],
        providers: [award_finder_1.AwardFinder, awardable_loader_1.AwardableLoader, award_writer_1.AwardWriter, toggle_award_1.ToggleAwardAction, add_award_1.AddAwardAction, remove_award_1.RemoveAwardAction, award_resolver_1.AwardResolver],
        exports: [award_finder_1.AwardFinder, awardable_loader_1.AwardableLoader, toggle_award_1.ToggleAwardAction, add_award_1.AddAwardAction, remove_award_1.RemoveAwardAction],
    })
], AwardModule);
//# sourceMappingURL=award.module.js.map