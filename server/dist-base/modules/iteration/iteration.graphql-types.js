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
exports.IterationType = exports.IterationCadenceType = exports.IterationStateEnum = exports.HEALTH_TO_GRAPHQL = exports.HEALTH_FROM_GRAPHQL = exports.HealthStatusEnum = void 0;
exports.toIterationType = toIterationType;
const graphql_1 = require("@nestjs/graphql");
const global_id_1 = require("../../core/graphql/global-id");
const scalars_1 = require("../../core/graphql/scalars");
var HealthStatusEnum;
(function (HealthStatusEnum) {
    HealthStatusEnum["onTrack"] = "onTrack";
    HealthStatusEnum["needsAttention"] = "needsAttention";
    HealthStatusEnum["atRisk"] = "atRisk";
})(HealthStatusEnum || (exports.HealthStatusEnum = HealthStatusEnum = {}));
(0, graphql_1.registerEnumType)(HealthStatusEnum, { name: 'HealthStatus', description: 'Health status of an issue or epic' });
/** GraphQL's camelCase health statuses and the stored snake_case ones. */
exports.HEALTH_FROM_GRAPHQL = { onTrack: 'on_track', needsAttention: 'needs_attention', atRisk: 'at_risk' };
exports.HEALTH_TO_GRAPHQL = { on_track: HealthStatusEnum.onTrack, needs_attention: HealthStatusEnum.needsAttention, at_risk: HealthStatusEnum.atRisk };
var IterationStateEnum;
(function (IterationStateEnum) {
    IterationStateEnum["upcoming"] = "upcoming";
    IterationStateEnum["current"] = "current";
    IterationStateEnum["closed"] = "closed";
})(IterationStateEnum || (exports.IterationStateEnum = IterationStateEnum = {}));
(0, graphql_1.registerEnumType)(IterationStateEnum, { name: 'IterationState', description: 'State of a GitLab iteration' });
let IterationCadenceType = class IterationCadenceType {
    id;
    title;
};
exports.IterationCadenceType = IterationCadenceType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], IterationCadenceType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IterationCadenceType.prototype, "title", void 0);
exports.IterationCadenceType = IterationCadenceType = __decorate([
    (0, graphql_1.ObjectType)('IterationCadence')
], IterationCadenceType);
/** GitLab's `Iteration`, as the sidebar's iteration selector reads it. */
let IterationType = class IterationType {
    id;
    iid;
    title;
    state;
    startDate;
    dueDate;
    webUrl;
    iterationCadence;
};
exports.IterationType = IterationType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], IterationType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IterationType.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IterationType.prototype, "title", void 0);
__decorate([
    (0, graphql_1.Field)(() => IterationStateEnum),
    __metadata("design:type", String)
], IterationType.prototype, "state", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.DateScalar),
    __metadata("design:type", String)
], IterationType.prototype, "startDate", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.DateScalar),
    __metadata("design:type", String)
], IterationType.prototype, "dueDate", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], IterationType.prototype, "webUrl", void 0);
__decorate([
    (0, graphql_1.Field)(() => IterationCadenceType),
    __metadata("design:type", IterationCadenceType)
], IterationType.prototype, "iterationCadence", void 0);
exports.IterationType = IterationType = __decorate([
    (0, graphql_1.ObjectType)('Iteration')
], IterationType);
function toIterationType(it) {
    return {
        id: (0, global_id_1.toGlobalId)('Iteration', it.id),
        iid: String(it.iid),
        title: it.title,
        state: it.state,
        startDate: it.start_date,
        dueDate: it.due_date,
        webUrl: it.web_url,
        iterationCadence: { id: (0, global_id_1.toGlobalId)('Iterations::Cadence', it.iteration_cadence.id), title: it.iteration_cadence.title },
    };
}
//# sourceMappingURL=iteration.graphql-types.js.map