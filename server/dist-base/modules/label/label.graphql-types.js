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
exports.LABEL_GID_TYPES = exports.LabelConnection = exports.LabelType = void 0;
exports.toLabelType = toLabelType;
const graphql_1 = require("@nestjs/graphql");
const connection_1 = require("../../core/graphql/connection");
const global_id_1 = require("../../core/graphql/global-id");
const shared_types_1 = require("@tandem/shared-types");
/** GitLab's `Label` (id is `gid://tandem/ProjectLabel/<id>` or `GroupLabel`). */
let LabelType = class LabelType {
    id;
    title;
    color;
    textColor;
    description;
    descriptionHtml;
};
exports.LabelType = LabelType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], LabelType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], LabelType.prototype, "title", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], LabelType.prototype, "color", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], LabelType.prototype, "textColor", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], LabelType.prototype, "description", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], LabelType.prototype, "descriptionHtml", void 0);
exports.LabelType = LabelType = __decorate([
    (0, graphql_1.ObjectType)('Label')
], LabelType);
let LabelConnection = class LabelConnection extends (0, connection_1.Connection)(LabelType, 'Label') {
};
exports.LabelConnection = LabelConnection;
exports.LabelConnection = LabelConnection = __decorate([
    (0, graphql_1.ObjectType)('LabelConnection')
], LabelConnection);
exports.LABEL_GID_TYPES = ['ProjectLabel', 'GroupLabel', 'Label'];
function toLabelType(l, md) {
    return {
        id: (0, global_id_1.toGlobalId)(l.groupId ? 'GroupLabel' : 'ProjectLabel', l.id),
        title: l.title,
        color: l.color,
        textColor: (0, shared_types_1.labelTextColor)(l.color),
        description: l.description,
        descriptionHtml: l.description ? md.render(l.description) : '',
    };
}
//# sourceMappingURL=label.graphql-types.js.map