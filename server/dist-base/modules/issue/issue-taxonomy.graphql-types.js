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
exports.IssueSetIterationPayload = exports.IssueSetSeverityPayload = exports.IssueSetIterationInput = exports.IssueSetSeverityInput = void 0;
const graphql_1 = require("@nestjs/graphql");
const issue_graphql_types_1 = require("./issue.graphql-types");
let IssueSetSeverityInput = class IssueSetSeverityInput {
    clientMutationId;
    projectPath;
    iid;
    severity;
};
exports.IssueSetSeverityInput = IssueSetSeverityInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueSetSeverityInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], IssueSetSeverityInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IssueSetSeverityInput.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(() => issue_graphql_types_1.IssuableSeverityEnum),
    __metadata("design:type", String)
], IssueSetSeverityInput.prototype, "severity", void 0);
exports.IssueSetSeverityInput = IssueSetSeverityInput = __decorate([
    (0, graphql_1.InputType)('IssueSetSeverityInput')
], IssueSetSeverityInput);
let IssueSetIterationInput = class IssueSetIterationInput {
    clientMutationId;
    projectPath;
    iid;
    iterationId;
};
exports.IssueSetIterationInput = IssueSetIterationInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueSetIterationInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], IssueSetIterationInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IssueSetIterationInput.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { nullable: true, description: 'Iteration to assign to the issue; null removes it.' }),
    __metadata("design:type", Object)
], IssueSetIterationInput.prototype, "iterationId", void 0);
exports.IssueSetIterationInput = IssueSetIterationInput = __decorate([
    (0, graphql_1.InputType)('IssueSetIterationInput')
], IssueSetIterationInput);
let IssueSetSeverityPayload = class IssueSetSeverityPayload extends issue_graphql_types_1.IssuePayloadBase {
};
exports.IssueSetSeverityPayload = IssueSetSeverityPayload;
exports.IssueSetSeverityPayload = IssueSetSeverityPayload = __decorate([
    (0, graphql_1.ObjectType)('IssueSetSeverityPayload')
], IssueSetSeverityPayload);
let IssueSetIterationPayload = class IssueSetIterationPayload extends issue_graphql_types_1.IssuePayloadBase {
};
exports.IssueSetIterationPayload = IssueSetIterationPayload;
exports.IssueSetIterationPayload = IssueSetIterationPayload = __decorate([
    (0, graphql_1.ObjectType)('IssueSetIterationPayload')
], IssueSetIterationPayload);
//# sourceMappingURL=issue-taxonomy.graphql-types.js.map