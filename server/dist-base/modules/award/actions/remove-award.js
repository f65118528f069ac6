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
exports.RemoveAwardAction = exports.notAwarded = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../../core/config/config");
const award_writer_1 = require("../award-writer");
const award_action_1 = require("./award-action");
/** GitLab's RemoveService text when the actor gave no such award. */
const notAwarded = (name) => `User has not awarded emoji of type ${name} to the awardable`;
exports.notAwarded = notAwarded;
/** Removes the actor's own award of `name`. Policy: awardEmoji (one's own award only). */
let RemoveAwardAction = class RemoveAwardAction {
    writer;
    config;
    constructor(writer, config) {
        this.writer = writer;
        this.config = config;
    }
    async execute(actor, awardable, name) {
        const user = (0, award_action_1.reactor)(actor, awardable, this.config.publicUrl);
        const w = await this.writer.write(awardable, user, name, 'remove');
        return { award: null, toggledOn: false, error: w.removed.includes(name) ? null : (0, exports.notAwarded)(name) };
    }
};
exports.RemoveAwardAction = RemoveAwardAction;
exports.RemoveAwardAction = RemoveAwardAction = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [award_writer_1.AwardWriter, Object])
], RemoveAwardAction);
//# sourceMappingURL=remove-award.js.map