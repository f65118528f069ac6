"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.InvitationModule = void 0;
const common_1 = require("@nestjs/common");
const mail_module_1 = require("../../core/mail/mail.module");
const member_module_1 = require("../member/member.module");
const project_module_1 = require("../project/project.module");
const invitation_controller_1 = require("./invitation.controller");
const invitation_service_1 = require("./invitation.service");
/** E-mail invitations to projects: the API, the invite link's data, and their acceptance at sign-up. */
let InvitationModule = class InvitationModule {
};
exports.InvitationModule = InvitationModule;
exports.InvitationModule = InvitationModule = __decorate([
    (0, common_1.Module)({
        imports: [project_module_1.ProjectModule, member_module_1.MemberModule, mail_module_1.MailModule],
        controllers: [invitation_controller_1.InvitationController, invitation_controller_1.InvitePageController],
        providers: [invitation_service_1.InvitationService],
        exports: [invitation_service_1.InvitationService],
    })
], InvitationModule);
//# sourceMappingURL=invitation.module.js.map