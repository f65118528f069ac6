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
exports.AwardEmojiTogglePayload = exports.AwardEmojiRemovePayload = exports.AwardEmojiAddPayload = exports.AwardEmojiRemoveInput = exports.AwardEmojiAddInput = exports.AwardEmojiToggleInput = exports.AwardEmojiType = void 0;
const graphql_1 = require("@nestjs/graphql");
const user_graphql_types_1 = require("../user/user.graphql-types");
/** GitLab's `AwardEmoji`. */
let AwardEmojiType = class AwardEmojiType {
    name;
    description;
    emoji;
    unicode;
    unicodeVersion;
    user;
};
exports.AwardEmojiType = AwardEmojiType;
__decorate([
    (0, graphql_1.Field)({ description: 'Emoji name.' }),
    __metadata("design:type", String)
], AwardEmojiType.prototype, "name", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'Emoji description.' }),
    __metadata("design:type", String)
], AwardEmojiType.prototype, "description", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'Emoji as an icon.' }),
    __metadata("design:type", String)
], AwardEmojiType.prototype, "emoji", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'Emoji in Unicode.' }),
    __metadata("design:type", String)
], AwardEmojiType.prototype, "unicode", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'Unicode version for the emoji.' }),
    __metadata("design:type", String)
], AwardEmojiType.prototype, "unicodeVersion", void 0);
__decorate([
    (0, graphql_1.Field)(() => user_graphql_types_1.UserType, { description: 'User who awarded the emoji.' }),
    __metadata("design:type", user_graphql_types_1.UserType)
], AwardEmojiType.prototype, "user", void 0);
exports.AwardEmojiType = AwardEmojiType = __decorate([
    (0, graphql_1.ObjectType)('AwardEmoji')
], AwardEmojiType);
let AwardEmojiToggleInput = class AwardEmojiToggleInput {
    clientMutationId;
    awardableId;
    name;
};
exports.AwardEmojiToggleInput = AwardEmojiToggleInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], AwardEmojiToggleInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { description: 'Global ID of the awardable resource (AwardableID: an Issue or a Note).' }),
    __metadata("design:type", String)
], AwardEmojiToggleInput.prototype, "awardableId", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'Emoji name.' }),
    __metadata("design:type", String)
], AwardEmojiToggleInput.prototype, "name", void 0);
exports.AwardEmojiToggleInput = AwardEmojiToggleInput = __decorate([
    (0, graphql_1.InputType)('AwardEmojiToggleInput')
], AwardEmojiToggleInput);
let AwardEmojiAddInput = class AwardEmojiAddInput extends AwardEmojiToggleInput {
};
exports.AwardEmojiAddInput = AwardEmojiAddInput;
exports.AwardEmojiAddInput = AwardEmojiAddInput = __decorate([
    (0, graphql_1.InputType)('AwardEmojiAddInput')
], AwardEmojiAddInput);
let AwardEmojiRemoveInput = class AwardEmojiRemoveInput extends AwardEmojiToggleInput {
};
exports.AwardEmojiRemoveInput = AwardEmojiRemoveInput;
exports.AwardEmojiRemoveInput = AwardEmojiRemoveInput = __decorate([
    (0, graphql_1.InputType)('AwardEmojiRemoveInput')
], AwardEmojiRemoveInput);
let AwardEmojiAddPayload = class AwardEmojiAddPayload {
    clientMutationId;
    awardEmoji;
    errors;
};
exports.AwardEmojiAddPayload = AwardEmojiAddPayload;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], AwardEmojiAddPayload.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => AwardEmojiType, { nullable: true, description: 'Emoji reactions after mutation.' }),
    __metadata("design:type", Object)
], AwardEmojiAddPayload.prototype, "awardEmoji", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String], { description: 'Errors encountered during execution of the mutation.' }),
    __metadata("design:type", Array)
], AwardEmojiAddPayload.prototype, "errors", void 0);
exports.AwardEmojiAddPayload = AwardEmojiAddPayload = __decorate([
    (0, graphql_1.ObjectType)('AwardEmojiAddPayload')
], AwardEmojiAddPayload);
let AwardEmojiRemovePayload = class AwardEmojiRemovePayload extends AwardEmojiAddPayload {
};
exports.AwardEmojiRemovePayload = AwardEmojiRemovePayload;
exports.AwardEmojiRemovePayload = AwardEmojiRemovePayload = __decorate([
    (0, graphql_1.ObjectType)('AwardEmojiRemovePayload')
], AwardEmojiRemovePayload);
let AwardEmojiTogglePayload = class AwardEmojiTogglePayload extends AwardEmojiAddPayload {
    toggledOn;
};
exports.AwardEmojiTogglePayload = AwardEmojiTogglePayload;
__decorate([
    (0, graphql_1.Field)({ description: 'Indicates the status of the emoji. True if the toggle awarded the emoji, and false if the toggle removed the emoji.' }),
    __metadata("design:type", Boolean)
], AwardEmojiTogglePayload.prototype, "toggledOn", void 0);
exports.AwardEmojiTogglePayload = AwardEmojiTogglePayload = __decorate([
    (0, graphql_1.ObjectType)('AwardEmojiTogglePayload')
], AwardEmojiTogglePayload);
//# sourceMappingURL=award.graphql-types.js.map