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
exports.AwardController = void 0;
const common_1 = require("@nestjs/common");
const common_2 = require("@nestjs/common");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const pagination_1 = require("../../core/http/pagination");
const add_award_1 = require("./actions/add-award");
const remove_award_1 = require("./actions/remove-award");
const award_finder_1 = require("./award.finder");
const award_mapper_1 = require("./award.mapper");
const award_validation_1 = require("./award.validation");
const awardable_loader_1 = require("./awardable.loader");
/**
 * GitLab REST v4 award emoji (lib/api/award_emoji.rb) on issues and on their notes, with its
 * answers: an awardable the actor may not react on is "404 Award Emoji Not Found", a second
 * identical award "404 Award Emoji Name has already been taken Not Found", deleting someone
 * else's award 401.
 */
let AwardController = class AwardController {
    awardables;
    finder;
    add;
    remove;
    config;
    constructor(awardables, finder, add, remove, config) {
        this.awardables = awardables;
        this.finder = finder;
        this.add = add;
        this.remove = remove;
        this.config = config;
    }
    /** Policy: read_issue. */
    async listOnIssue(actor, id, iid, q, req, res) {
        return this.list(await this.awardables.issue(actor, id, iid), q, req, res);
    }
    /** Policy: read_issue + readable note. */
    async listOnNote(actor, id, iid, noteId, q, req, res) {
        return this.list(await this.awardables.note(actor, id, noteId, iid), q, req, res);
    }
    /** Policy: read_issue. */
    async showOnIssue(actor, id, iid, awardId) {
        return this.show(await this.awardables.issue(actor, id, iid), awardId);
    }
    /** Policy: read_issue + readable note. */
    async showOnNote(actor, id, iid, noteId, awardId) {
        return this.show(await this.awardables.note(actor, id, noteId, iid), awardId);
    }
    /** Policy: read_issue, then awardEmoji (issuePermissions). */
    async createOnIssue(actor, id, iid, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        return this.create(actor, await this.awardables.issue(actor, id, iid), body);
    }
    /** Policy: read_issue + the note readable, then awardEmoji (not a system note). */
    async createOnNote(actor, id, iid, noteId, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        return this.create(actor, await this.awardables.note(actor, id, noteId, iid), body);
    }
    /** Policy: read_issue, then awardEmoji on one's own award only. */
    async destroyOnIssue(actor, id, iid, awardId) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        await this.destroy(actor, await this.awardables.issue(actor, id, iid), awardId);
    }
    /** Policy: read_issue, then awardEmoji on one's own award only. */
    async destroyOnNote(actor, id, iid, noteId, awardId) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        await this.destroy(actor, await this.awardables.note(actor, id, noteId, iid), awardId);
    }
    async list(awardable, q, req, res) {
        const page = (0, pagination_1.pageParams)(q);
        const all = await this.finder.list(awardable.type, awardable.id);
        (0, pagination_1.setPaginationHeaders)(req, res, this.config.publicUrl, page, all.length);
        return all.slice((page.page - 1) * page.perPage, page.page * page.perPage).map(award_mapper_1.toApiAwardEmoji);
    }
    async show(awardable, awardId) {
        const award = /^\d{1,10}$/.test(awardId) ? await this.finder.find(awardable.type, awardable.id, Number(awardId)) : null;
        if (!award)
            throw new app_error_1.AppError('AWARD_NOT_FOUND');
        return (0, award_mapper_1.toApiAwardEmoji)(award);
    }
    async create(actor, awardable, body) {
        const name = (0, award_validation_1.parseAwardName)(body);
        if (!awardable.canAward)
            throw new app_error_1.AppError('AWARD_NOT_FOUND');
        const { award, error } = await this.add.execute(actor, awardable, name);
        if (!award)
            throw new app_error_1.AppError('AWARD_NOT_FOUND', `404 Award Emoji ${error} Not Found`);
        return (0, award_mapper_1.toApiAwardEmoji)(award);
    }
    async destroy(actor, awardable, awardId) {
        const award = /^\d{1,10}$/.test(awardId) ? await this.finder.find(awardable.type, awardable.id, Number(awardId)) : null;
        if (!award)
            throw new app_error_1.AppError('AWARD_NOT_FOUND');
        if (award.user.id !== actor.id)
            throw new app_error_1.AppError('UNAUTHORIZED');
        if (!awardable.canAward)
            throw new app_error_1.AppError('AWARD_NOT_FOUND');
        const { error } = await this.remove.execute(actor, awardable, award.name);
        // Removed meanwhile by another request: the award is gone either way
        if (error)
            throw new app_error_1.AppError('AWARD_NOT_FOUND');
    }
};
exports.AwardController = AwardController;
__decorate([
    (0, common_1.Get)('award_emoji'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Query)()),
    __param(4, (0, common_1.Req)()),
    __param(5, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], AwardController.prototype, "listOnIssue", null);
__decorate([
    (0, common_1.Get)('notes/:noteId/award_emoji'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('noteId')),
    __param(4, (0, common_1.Query)()),
    __param(5, (0, common_1.Req)()),
    __param(6, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], AwardController.prototype, "listOnNote", null);
__decorate([
    (0, common_1.Get)('award_emoji/:awardId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('awardId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String]),
    __metadata("design:returntype", Promise)
], AwardController.prototype, "showOnIssue", null);
__decorate([
    (0, common_1.Get)('notes/:noteId/award_emoji/:awardId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('noteId')),
    __param(4, (0, common_1.Param)('awardId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String, String]),
    __metadata("design:returntype", Promise)
], AwardController.prototype, "showOnNote", null);
__decorate([
    (0, common_1.Post)('award_emoji'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", Promise)
], AwardController.prototype, "createOnIssue", null);
__decorate([
    (0, common_1.Post)('notes/:noteId/award_emoji'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('noteId')),
    __param(4, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String, Object]),
    __metadata("design:returntype", Promise)
], AwardController.prototype, "createOnNote", null);
__decorate([
    (0, common_1.Delete)('award_emoji/:awardId'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('awardId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String]),
    __metadata("design:returntype", Promise)
], AwardController.prototype, "destroyOnIssue", null);
__decorate([
    (0, common_1.Delete)('notes/:noteId/award_emoji/:awardId'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('noteId')),
    __param(4, (0, common_1.Param)('awardId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String, String]),
    __metadata("design:returntype", Promise)
], AwardController.prototype, "destroyOnNote", null);
exports.AwardController = AwardController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/issues/:iid'),
    __param(4, (0, common_2.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [awardable_loader_1.AwardableLoader,
        award_finder_1.AwardFinder,
        add_award_1.AddAwardAction,
        remove_award_1.RemoveAwardAction, Object])
], AwardController);
//# sourceMappingURL=award.controller.js.map