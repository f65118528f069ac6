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
exports.MilestoneType = void 0;
exports.toMilestoneType = toMilestoneType;
const graphql_1 = require("@nestjs/graphql");
const global_id_1 = require("../../core/graphql/global-id");
const scalars_1 = require("../../core/graphql/scalars");
/** GitLab's `Milestone`, as the sidebar's milestone widget reads it. */
let MilestoneType = class MilestoneType {
    id;
    iid;
    title;
    description;
    state;
    dueDate;
    startDate;
    expired;
    webPath;
};
exports.MilestoneType = MilestoneType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], MilestoneType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], MilestoneType.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], MilestoneType.prototype, "title", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], MilestoneType.prototype, "description", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'State of the milestone (active or closed).' }),
    __metadata("design:type", String)
], MilestoneType.prototype, "state", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.DateScalar, { nullable: true }),
    __metadata("design:type", Object)
], MilestoneType.prototype, "dueDate", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.DateScalar, { nullable: true }),
    __metadata("design:type", Object)
], MilestoneType.prototype, "startDate", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], MilestoneType.prototype, "expired", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], MilestoneType.prototype, "webPath", void 0);
exports.MilestoneType = MilestoneType = __decorate([
    (0, graphql_1.ObjectType)('Milestone')
], MilestoneType);
function toMilestoneType(m, ownerPath, isGroup) {
    const today = new Date().toISOString().slice(0, 10);
    return {
        id: (0, global_id_1.toGlobalId)('Milestone', m.id),
        iid: String(m.iid),
        title: m.title,
        description: m.description,
        state: m.state,
        dueDate: m.dueDate,
        startDate: m.startDate,
        expired: !!m.dueDate && m.dueDate < today,
        webPath: isGroup ? `/groups/${ownerPath}/-/milestones/${m.iid}` : `/${ownerPath}/-/milestones/${m.iid}`,
    };
}
//# sourceMappingURL=milestone.graphql-types.js.map