"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.SubscriptionModule = void 0;
const common_1 = require("@nestjs/common");
const markdown_module_1 = require("../../core/markdown/markdown.module");
const issue_module_1 = require("../issue/issue.module");
const subscription_controller_1 = require("./subscription.controller");
const subscription_resolver_1 = require("./subscription.resolver");
/** Per-user issue notification subscriptions: REST subscribe/unsubscribe, GraphQL issueSetSubscription and Issue.subscribed. */
let SubscriptionModule = class SubscriptionModule {
};
exports.SubscriptionModule = SubscriptionModule;
exports.SubscriptionModule = SubscriptionModule = __decorate([
    (0, common_1.Module)({
        imports: [issue_module_1.IssueModule, markdown_module_1.MarkdownModule],
        controllers: [subscription_controller_1.SubscriptionController],
        providers: [subscription_resolver_1.SubscriptionResolver],
    })
], SubscriptionModule);
//# sourceMappingURL=subscription.module.js.map