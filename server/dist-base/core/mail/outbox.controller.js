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
exports.OutboxController = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../config/config");
const app_error_1 = require("../errors/app-error");
const current_actor_decorator_1 = require("../http/current-actor.decorator");
const mailer_1 = require("./mailer");
/** The mail Tandem sent, for developers (no mail server needed to follow an invitation link). */
let OutboxController = class OutboxController {
    mailer;
    config;
    constructor(mailer, config) {
        this.mailer = mailer;
        this.config = config;
    }
    /** Policy: anyone while OUTBOX_PUBLIC (default outside production); admins otherwise (404 for others). */
    async list(actor) {
        const open = this.config.OUTBOX_PUBLIC ?? this.config.NODE_ENV !== 'production';
        if (!open && !actor?.isAdmin)
            throw new app_error_1.AppError('NOT_FOUND');
        return this.mailer.outbox();
    }
};
exports.OutboxController = OutboxController;
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], OutboxController.prototype, "list", null);
exports.OutboxController = OutboxController = __decorate([
    (0, common_1.Controller)('-/outbox'),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [mailer_1.Mailer, Object])
], OutboxController);
//# sourceMappingURL=outbox.controller.js.map