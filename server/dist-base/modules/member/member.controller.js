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
exports.memberControllerFor = memberControllerFor;
const common_1 = require("@nestjs/common");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const pagination_1 = require("../../core/http/pagination");
const group_service_1 = require("../group/group.service");
const project_service_1 = require("../project/project.service");
const member_mapper_1 = require("./member.mapper");
const member_service_1 = require("./member.service");
const member_validation_1 = require("./member.validation");
const KINDS = {
    project: {
        owners: project_service_1.ProjectService,
        async findReadable(owners, members, actor, id) {
            const { project, facts } = await owners.findReadable(actor, id);
            return {
                source: members.projectSource(project),
                target: members.projectTarget(project),
                precheck: (a, uid, op) => members.precheckProject(a, facts, uid, op),
            };
        },
    },
    group: {
        owners: group_service_1.GroupService,
        async findReadable(owners, members, actor, id) {
            const { group, facts } = await owners.findReadable(actor, id);
            return {
                source: members.groupSource(group),
                target: members.groupTarget(group),
                precheck: (a, uid, op) => members.precheckGroup(a, facts, uid, op),
            };
        },
    },
};
const searchOf = (q) => (typeof q.query === 'string' && q.query.trim() ? q.query.trim() : undefined);
/**
 * GitLab REST v4 project or group members (`:id` is a number or a URL-encoded full path) at
 * `route`. Unreadable sources are 404; readers who may not manage members get 403; anonymous
 * writers 401. Projects and groups differ only in how the source is found and checked, so one
 * class serves both.
 */
function memberControllerFor(opts) {
    const kind = KINDS[opts.sourceType];
    let MemberController = class MemberController {
        members;
        owners;
        constructor(members, owners) {
            this.members = members;
            this.owners = owners;
        }
        readable(actor, id) {
            return kind.findReadable(this.owners, this.members, actor, id);
        }
        /** Policy: read_project_member / read_group_member. Direct members only. */
        async list(actor, id, q, req, res) {
            const p = (0, pagination_1.pageParams)(q);
            const { source } = await this.readable(actor, id);
            const { members, total } = await this.members.listDirect(source, { ...p, query: searchOf(q) });
            (0, pagination_1.setPaginationHeaders)(req, res, this.members.config.publicUrl, p, total);
            return members.map((m) => (0, member_mapper_1.toApiMember)(m, this.members.config.publicUrl));
        }
        /** Policy: read_project_member / read_group_member. Direct and inherited members, each with their highest level. */
        async listAll(actor, id, q, req, res) {
            const p = (0, pagination_1.pageParams)(q);
            const { source } = await this.readable(actor, id);
            const { members, total } = await this.members.listAll(source, { ...p, query: searchOf(q) });
            (0, pagination_1.setPaginationHeaders)(req, res, this.members.config.publicUrl, p, total);
            return members.map((m) => (0, member_mapper_1.toApiMember)(m, this.members.config.publicUrl));
        }
        /** Policy: read_project_member / read_group_member. A direct or inherited member. */
        async showEffective(actor, id, userId) {
            const { source } = await this.readable(actor, id);
            const uid = (0, member_validation_1.parseUserIdParam)(userId);
            const member = uid === null ? null : await this.members.findEffective(source, uid);
            if (!member)
                throw new app_error_1.AppError('MEMBER_NOT_FOUND');
            return (0, member_mapper_1.toApiMember)(member, this.members.config.publicUrl);
        }
        /** Policy: read_project_member / read_group_member. A direct member. */
        async show(actor, id, userId) {
            const { source } = await this.readable(actor, id);
            const uid = (0, member_validation_1.parseUserIdParam)(userId);
            const member = uid === null ? null : await this.members.findDirect(source, uid);
            if (!member)
                throw new app_error_1.AppError('MEMBER_NOT_FOUND');
            return (0, member_mapper_1.toApiMember)(member, this.members.config.publicUrl);
        }
        /** Policy: admin_project_member (maintainers; the owner level only by owners) / admin_group_member (owners of the group or an ancestor). */
        async create(actor, id, body) {
            if (!actor)
                throw new app_error_1.AppError('UNAUTHORIZED');
            const found = await this.readable(actor, id);
            found.precheck(actor, null, 'add');
            const input = (0, member_validation_1.parseMemberCreate)(body ?? {});
            const member = await this.members.add(actor, found.target, input);
            return (0, member_mapper_1.toApiMember)(member, this.members.config.publicUrl);
        }
        /** Policy: admin_project_member (maintainers; the owner level only by owners) / admin_group_member (owners of the group or an ancestor). */
        async update(actor, id, userId, body) {
            if (!actor)
                throw new app_error_1.AppError('UNAUTHORIZED');
            const found = await this.readable(actor, id);
            const uid = (0, member_validation_1.parseUserIdParam)(userId);
            found.precheck(actor, uid, 'update');
            const input = (0, member_validation_1.parseMemberUpdate)(body ?? {});
            if (uid === null)
                throw new app_error_1.AppError('MEMBER_NOT_FOUND');
            const member = await this.members.update(actor, found.target, uid, input);
            return (0, member_mapper_1.toApiMember)(member, this.members.config.publicUrl);
        }
        /**
         * Policy: admin_project_member / admin_group_member; any member may remove themselves, but
         * a group keeps an owner.
         */
        async destroy(actor, id, userId) {
            if (!actor)
                throw new app_error_1.AppError('UNAUTHORIZED');
            const found = await this.readable(actor, id);
            const uid = (0, member_validation_1.parseUserIdParam)(userId);
            found.precheck(actor, uid, 'remove');
            if (uid === null)
                throw new app_error_1.AppError('MEMBER_NOT_FOUND');
            await this.members.remove(actor, found.target, uid);
        }
    };
    __decorate([
        (0, common_1.Get)(),
        __param(0, (0, current_actor_decorator_1.CurrentActor)()),
        __param(1, (0, common_1.Param)('id')),
        __param(2, (0, common_1.Query)()),
        __param(3, (0, common_1.Req)()),
        __param(4, (0, common_1.Res)({ passthrough: true })),
        __metadata("design:type", Function),
        __metadata("design:paramtypes", [Object, String, Object, Object, Object]),
        __metadata("design:returntype", Promise)
    ], MemberController.prototype, "list", null);
    __decorate([
        (0, common_1.Get)('all'),
        __param(0, (0, current_actor_decorator_1.CurrentActor)()),
        __param(1, (0, common_1.Param)('id')),
        __param(2, (0, common_1.Query)()),
        __param(3, (0, common_1.Req)()),
        __param(4, (0, common_1.Res)({ passthrough: true })),
        __metadata("design:type", Function),
        __metadata("design:paramtypes", [Object, String, Object, Object, Object]),
        __metadata("design:returntype", Promise)
    ], MemberController.prototype, "listAll", null);
    __decorate([
        (0, common_1.Get)('all/:user_id'),
        __param(0, (0, current_actor_decorator_1.CurrentActor)()),
        __param(1, (0, common_1.Param)('id')),
        __param(2, (0, common_1.Param)('user_id')),
        __metadata("design:type", Function),
        __metadata("design:paramtypes", [Object, String, String]),
        __metadata("design:returntype", Promise)
    ], MemberController.prototype, "showEffective", null);
    __decorate([
        (0, common_1.Get)(':user_id'),
        __param(0, (0, current_actor_decorator_1.CurrentActor)()),
        __param(1, (0, common_1.Param)('id')),
        __param(2, (0, common_1.Param)('user_id')),
        __metadata("design:type", Function),
        __metadata("design:paramtypes", [Object, String, String]),
        __metadata("design:returntype", Promise)
    ], MemberController.prototype, "show", null);
    __decorate([
        (0, common_1.Post)(),
        __param(0, (0, current_actor_decorator_1.CurrentActor)()),
        __param(1, (0, common_1.Param)('id')),
        __param(2, (0, common_1.Body)()),
        __metadata("design:type", Function),
        __metadata("design:paramtypes", [Object, String, Object]),
        __metadata("design:returntype", Promise)
    ], MemberController.prototype, "create", null);
    __decorate([
        (0, common_1.Put)(':user_id'),
        __param(0, (0, current_actor_decorator_1.CurrentActor)()),
        __param(1, (0, common_1.Param)('id')),
        __param(2, (0, common_1.Param)('user_id')),
        __param(3, (0, common_1.Body)()),
        __metadata("design:type", Function),
        __metadata("design:paramtypes", [Object, String, String, Object]),
        __metadata("design:returntype", Promise)
    ], MemberController.prototype, "update", null);
    __decorate([
        (0, common_1.Delete)(':user_id'),
        (0, common_1.HttpCode)(204),
        __param(0, (0, current_actor_decorator_1.CurrentActor)()),
        __param(1, (0, common_1.Param)('id')),
        __param(2, (0, common_1.Param)('user_id')),
        __metadata("design:type", Function),
        __metadata("design:paramtypes", [Object, String, String]),
        __metadata("design:returntype", Promise)
    ], MemberController.prototype, "destroy", null);
    MemberController = __decorate([
        (0, common_1.Controller)(opts.route),
        __param(0, (0, common_1.Inject)(member_service_1.MemberService)),
        __param(1, (0, common_1.Inject)(kind.owners)),
        __metadata("design:paramtypes", [member_service_1.MemberService, Object])
    ], MemberController);
    // Nest names controllers in its route logs by class name
    const name = `${opts.sourceType[0].toUpperCase()}${opts.sourceType.slice(1)}MemberController`;
    Object.defineProperty(MemberController, 'name', { value: name });
    return MemberController;
}
//# sourceMappingURL=member.controller.js.map