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
exports.SubscriptionResolver = exports.IssueSetSubscriptionPayload = void 0;
const common_1 = require("@nestjs/common");
const graphql_1 = require("@nestjs/graphql");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const global_id_1 = require("../../core/graphql/global-id");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const issue_context_1 = require("../issue/issue-context");
const issue_graphql_types_1 = require("../issue/issue.graphql-types");
const issue_loader_1 = require("../issue/issue.loader");
const subscription_graphql_types_1 = require("./subscription.graphql-types");
const subscription_store_1 = require("../issue/subscription.store");
let IssueSetSubscriptionPayload = class IssueSetSubscriptionPayload extends issue_graphql_types_1.IssuePayloadBase {
};
exports.IssueSetSubscriptionPayload = IssueSetSubscriptionPayload;
exports.IssueSetSubscriptionPayload = IssueSetSubscriptionPayload = __decorate([
    (0, graphql_1.ObjectType)('IssueSetSubscriptionPayload')
], IssueSetSubscriptionPayload);
/** Notifications on/off for the current user: per user, so nothing is broadcast to other watchers. */
let SubscriptionResolver = class SubscriptionResolver {
    loader;
    store;
    markdown;
    config;
    constructor(loader, store, markdown, config) {
        this.loader = loader;
        this.store = store;
        this.markdown = markdown;
        this.config = config;
    }
    /** Policy: read_issue (checked on load); the viewer's own subscription, false when signed out. */
    async subscribed(actor, i) {
        const id = (0, global_id_1.parseGlobalId)(i.id, ['Issue']);
        if (!actor || id === null)
            return false;
        return this.store.isSubscribed(id, actor.id);
    }
    /** Policy: update_subscription. */
    async issueSetSubscription(actor, input) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const loaded = await this.loader.findReadable(actor, input.projectPath, input.iid, { hydrate: true });
        (0, issue_context_1.authorizeOnIssue)(actor, 'update_subscription', loaded);
        await this.store.set(loaded.issue.id, actor.id, input.subscribedState);
        return { clientMutationId: input.clientMutationId ?? null, issue: (0, issue_graphql_types_1.toIssueType)(loaded.hydrated, loaded.projectFacts, this.config.publicUrl, this.markdown), errors: [] };
    }
};
exports.SubscriptionResolver = SubscriptionResolver;
__decorate([
    (0, graphql_1.ResolveField)(() => Boolean, { description: 'Indicates the currently logged in user is subscribed to the issue.' }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Parent)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.IssueType]),
    __metadata("design:returntype", Promise)
], SubscriptionResolver.prototype, "subscribed", null);
__decorate([
    (0, graphql_1.Mutation)(() => IssueSetSubscriptionPayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, subscription_graphql_types_1.IssueSetSubscriptionInput]),
    __metadata("design:returntype", Promise)
], SubscriptionResolver.prototype, "issueSetSubscription", null);
exports.SubscriptionResolver = SubscriptionResolver = __decorate([
    (0, graphql_1.Resolver)(() => issue_graphql_types_1.IssueType),
    __param(3, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        subscription_store_1.SubscriptionStore,
        markdown_service_1.MarkdownService, Object])
], SubscriptionResolver);
//# sourceMappingURL=subscription.resolver.js.map