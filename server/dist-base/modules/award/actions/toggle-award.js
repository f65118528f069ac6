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
exports.ToggleAwardAction = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../../core/config/config");
const award_writer_1 = require("../award-writer");
const award_action_1 = require("./award-action");
/**
 * Toggles the actor's award (spec §4: adds it if absent, otherwise removes it); adding one
 * thumb removes the other in the same statement. Policy: awardEmoji (issuePermissions, and
 * for a note: readable, not a system note).
 */
let ToggleAwardAction = class ToggleAwardAction {
    writer;
    config;
    constructor(writer, config) {
        this.writer = writer;
        this.config = config;
    }
    async execute(actor, awardable, name) {
        const user = (0, award_action_1.reactor)(actor, awardable, this.config.publicUrl);
        const w = await this.writer.write(awardable, user, name, 'toggle');
        return { award: (0, award_action_1.addedRecord)(awardable, user, w), toggledOn: w.added !== null, error: null };
    }
};
exports.ToggleAwardAction = ToggleAwardAction;
exports.ToggleAwardAction = ToggleAwardAction = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [award_writer_1.AwardWriter, Object])
], ToggleAwardAction);
//# sourceMappingURL=toggle-award.js.map