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
exports.AwardPageController = void 0;
const common_1 = require("@nestjs/common");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const toggle_award_1 = require("./actions/toggle-award");
const award_finder_1 = require("./award.finder");
const award_validation_1 = require("./award.validation");
const awardable_loader_1 = require("./awardable.loader");
/** The issue page's award endpoints (noteablePaths().issueAward / noteAward). */
let AwardPageController = class AwardPageController {
    awardables;
    finder;
    toggle;
    constructor(awardables, finder, toggle) {
        this.awardables = awardables;
        this.finder = finder;
        this.toggle = toggle;
    }
    /** Policy: read_issue. The awards on the issue itself. */
    async issueAwards(actor, project, iid) {
        const awardable = await this.awardables.issue(actor, project.join('/'), iid);
        return this.finder.forIssue(awardable.id);
    }
    /** Policy: read_issue, then awardEmoji (issuePermissions: signed in, a write scope, a live project; create_note on a locked issue). */
    async toggleOnIssue(actor, project, iid, body) {
        const name = (0, award_validation_1.parseAwardName)(body);
        const awardable = await this.awardables.issue(actor, project.join('/'), iid);
        return { ok: true, toggled_on: (await this.toggle.execute(actor, awardable, name)).toggledOn };
    }
    /** Policy: read_issue + the note readable, then awardEmoji (not a system note; create_note on a locked issue). */
    async toggleOnNote(actor, project, id, body) {
        const name = (0, award_validation_1.parseAwardName)(body);
        const awardable = await this.awardables.note(actor, project.join('/'), id);
        return { ok: true, toggled_on: (await this.toggle.execute(actor, awardable, name)).toggledOn };
    }
};
exports.AwardPageController = AwardPageController;
__decorate([
    (0, common_1.Get)('*project/-/issues/:iid/toggle_award_emoji'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String]),
    __metadata("design:returntype", Promise)
], AwardPageController.prototype, "issueAwards", null);
__decorate([
    (0, common_1.Post)('*project/-/issues/:iid/toggle_award_emoji'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object]),
    __metadata("design:returntype", Promise)
], AwardPageController.prototype, "toggleOnIssue", null);
__decorate([
    (0, common_1.Post)('*project/notes/:id/toggle_award_emoji'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('id')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object]),
    __metadata("design:returntype", Promise)
], AwardPageController.prototype, "toggleOnNote", null);
exports.AwardPageController = AwardPageController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [awardable_loader_1.AwardableLoader,
        award_finder_1.AwardFinder,
        toggle_award_1.ToggleAwardAction])
], AwardPageController);
//# sourceMappingURL=award-page.controller.js.map