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
exports.SubscriptionController = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const issue_context_1 = require("../issue/issue-context");
const issue_loader_1 = require("../issue/issue.loader");
const issue_mapper_1 = require("../issue/issue.mapper");
const subscription_store_1 = require("../issue/subscription.store");
/** GitLab REST: POST {issue}/subscribe and /unsubscribe; 304 (no body) when already in that state. */
let SubscriptionController = class SubscriptionController {
    loader;
    store;
    config;
    constructor(loader, store, config) {
        this.loader = loader;
        this.store = store;
        this.config = config;
    }
    /** Policy: update_subscription. */
    subscribe(actor, id, iid, res) {
        return this.toggle(actor, id, iid, true, res);
    }
    /** Policy: update_subscription. */
    unsubscribe(actor, id, iid, res) {
        return this.toggle(actor, id, iid, false, res);
    }
    async toggle(actor, id, iid, subscribed, res) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const loaded = await this.loader.findReadable(actor, id, iid, { hydrate: true });
        (0, issue_context_1.authorizeOnIssue)(actor, 'update_subscription', loaded);
        if (!(await this.store.set(loaded.issue.id, actor.id, subscribed))) {
            res.status(304);
            return undefined;
        }
        return (0, issue_mapper_1.toApiIssue)({ ...loaded.hydrated, subscribed }, this.config.publicUrl);
    }
};
exports.SubscriptionController = SubscriptionController;
__decorate([
    (0, common_1.Post)('subscribe'),
    (0, common_1.HttpCode)(201),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", void 0)
], SubscriptionController.prototype, "subscribe", null);
__decorate([
    (0, common_1.Post)('unsubscribe'),
    (0, common_1.HttpCode)(201),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", void 0)
], SubscriptionController.prototype, "unsubscribe", null);
exports.SubscriptionController = SubscriptionController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/issues/:iid'),
    __param(2, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        subscription_store_1.SubscriptionStore, Object])
], SubscriptionController);
//# sourceMappingURL=subscription.controller.js.map