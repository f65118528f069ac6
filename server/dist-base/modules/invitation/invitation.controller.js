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
exports.InvitePageController = exports.InvitationController = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const zod_input_1 = require("../../core/http/zod-input");
const policy_1 = require("../../core/policy/policy");
const project_service_1 = require("../project/project.service");
const invitation_service_1 = require("./invitation.service");
/** GitLab's project invitations API (/api/v4/projects/:id/invitations). */
let InvitationController = class InvitationController {
    projects;
    invitations;
    constructor(projects, invitations) {
        this.projects = projects;
        this.invitations = invitations;
    }
    async manageable(actor, id) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const { project, facts } = await this.projects.findReadable(actor, id);
        if (!(0, policy_1.canProject)(actor, 'admin_project_member', facts))
            throw new app_error_1.AppError('FORBIDDEN');
        return { project, facts };
    }
    /** Policy: admin_project_member (maintainers; the owner level only by owners). 201 {status}; a refused address is {status:'error', message:{email: text}}. */
    async create(actor, id, body) {
        const { project, facts } = await this.manageable(actor, id);
        const input = (0, zod_input_1.parseInput)(shared_types_1.invitationCreateSchema, body);
        return this.invitations.invite(actor, project, facts, input);
    }
    /** Policy: admin_project_member. Pending invitations. */
    async list(actor, id) {
        const { project } = await this.manageable(actor, id);
        return this.invitations.list(project);
    }
    /** Policy: admin_project_member. 204, or 404 when the address has no invitation. */
    async revoke(actor, id, email) {
        const { project } = await this.manageable(actor, id);
        if (!(await this.invitations.revoke(project, email)))
            throw new app_error_1.AppError('NOT_FOUND');
    }
};
exports.InvitationController = InvitationController;
__decorate([
    (0, common_1.Post)(),
    (0, common_1.HttpCode)(201),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], InvitationController.prototype, "create", null);
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", Promise)
], InvitationController.prototype, "list", null);
__decorate([
    (0, common_1.Delete)(':email'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('email')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], InvitationController.prototype, "revoke", null);
exports.InvitationController = InvitationController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/invitations'),
    __metadata("design:paramtypes", [project_service_1.ProjectService,
        invitation_service_1.InvitationService])
], InvitationController);
/** The invite link's page data (the token in the link is the secret). */
let InvitePageController = class InvitePageController {
    invitations;
    constructor(invitations) {
        this.invitations = invitations;
    }
    /** Policy: public; the token is the secret (48 hex characters), an unknown one is 404. */
    async details(token) {
        const d = await this.invitations.details(token);
        if (!d)
            throw new app_error_1.AppError('NOT_FOUND');
        return d;
    }
};
exports.InvitePageController = InvitePageController;
__decorate([
    (0, common_1.Get)(':token/details'),
    __param(0, (0, common_1.Param)('token')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], InvitePageController.prototype, "details", null);
exports.InvitePageController = InvitePageController = __decorate([
    (0, common_1.Controller)('-/invites'),
    __metadata("design:paramtypes", [invitation_service_1.InvitationService])
], InvitePageController);
//# sourceMappingURL=invitation.controller.js.map