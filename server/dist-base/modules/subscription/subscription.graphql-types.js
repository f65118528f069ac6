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
Object.defineProperty(exports, "__esModule", { value: true });
exports.IssueSetSubscriptionInput = void 0;
const graphql_1 = require("@nestjs/graphql");
let IssueSetSubscriptionInput = class IssueSetSubscriptionInput {
    clientMutationId;
    projectPath;
    iid;
    subscribedState;
};
exports.IssueSetSubscriptionInput = IssueSetSubscriptionInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueSetSubscriptionInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { description: 'Project the issue to mutate is in.' }),
    __metadata("design:type", String)
], IssueSetSubscriptionInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'IID of the issue to mutate.' }),
    __metadata("design:type", String)
], IssueSetSubscriptionInput.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'Desired state of the subscription.' }),
    __metadata("design:type", Boolean)
], IssueSetSubscriptionInput.prototype, "subscribedState", void 0);
exports.IssueSetSubscriptionInput = IssueSetSubscriptionInput = __decorate([
    (0, graphql_1.InputType)('IssueSetSubscriptionInput')
], IssueSetSubscriptionInput);
//# sourceMappingURL=subscription.graphql-types.js.map