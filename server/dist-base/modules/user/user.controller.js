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
exports.UserController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const pagination_1 = require("../../core/http/pagination");
const project_mapper_1 = require("../project/project.mapper");
const project_service_1 = require("../project/project.service");
const user_entity_1 = require("./user.entity");
const user_mapper_1 = require("./user.mapper");
/**
 * GitLab's public user lookups: the basic profile (no e-mail) that issue pages already show for
 * every author, assignee and participant, so user links and clients can resolve a username.
 */
let UserController = class UserController {
    ds;
    config;
    projects;
    constructor(ds, config, projects) {
        this.ds = ds;
        this.config = config;
        this.projects = projects;
    }
    /** Policy: public (basic profiles only). `username` matches exactly, ignoring case; `search` matches username or name. */
    async list(q, req, res) {
        const p = (0, pagination_1.pageParams)(q);
        const errors = {};
        const text = (name) => {
            const v = q[name];
            if (v === undefined || v === '')
                return undefined;
            if (typeof v !== 'string' || v.length > 255)
                errors[name] = ['is invalid'];
            return typeof v === 'string' ? v : undefined;
        };
        const username = text('username');
        const search = text('search');
        if (Object.keys(errors).length)
            throw new app_error_1.ValidationError(errors);
        const qb = this.ds.getRepository(user_entity_1.User).createQueryBuilder('u').orderBy('u.id', 'DESC');
        if (username !== undefined)
            qb.andWhere('lower(u.username) = lower(:username)', { username });
        if (search !== undefined) {
            const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
            qb.andWhere('(u.username ILIKE :like OR u.name ILIKE :like)', { like });
        }
        const [users, total] = await qb.skip((p.page - 1) * p.perPage).take(p.perPage).getManyAndCount();
        (0, pagination_1.setPaginationHeaders)(req, res, this.config.publicUrl, p, total);
        return users.map((u) => (0, user_mapper_1.toUserBasic)(u, this.config.publicUrl));
    }
    /** Policy: public (basic profile only). */
    async show(id) {
        const user = /^\d{1,9}$/.test(id) ? await this.ds.getRepository(user_entity_1.User).findOneBy({ id: Number(id) }) : null;
        if (!user)
            throw new app_error_1.AppError('USER_NOT_FOUND');
        return (0, user_mapper_1.toUserBasic)(user, this.config.publicUrl);
    }
    /**
     * Policy: read_project (only projects the viewer can read are listed). `:id` is a user id or
     * username. GitLab lists the user's personal-namespace projects here; Tandem's projects live in
     * groups, so it lists every project the user is a member of (directly, by group, or owned),
     * which is what the user page shows as "their projects".
     */
    async projectsOf(actor, id, q, req, res) {
        const p = (0, pagination_1.pageParams)(q);
        const repo = this.ds.getRepository(user_entity_1.User);
        const user = /^\d{1,9}$/.test(id)
            ? await repo.findOneBy({ id: Number(id) })
            : id.length <= 255
                ? await repo.createQueryBuilder('u').where('lower(u.username) = lower(:id)', { id }).getOne()
                : null;
        if (!user)
            throw new app_error_1.AppError('USER_NOT_FOUND');
        const { projects, total } = await this.projects.listReadable(actor, { ...p, memberId: user.id });
        const counts = await this.projects.openIssuesCount(projects.map((x) => x.id));
        (0, pagination_1.setPaginationHeaders)(req, res, this.config.publicUrl, p, total);
        return projects.map((x) => (0, project_mapper_1.toApiProject)(x, this.config.publicUrl, counts.get(x.id) ?? 0));
    }
};
exports.UserController = UserController;
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, common_1.Query)()),
    __param(1, (0, common_1.Req)()),
    __param(2, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", Promise)
], UserController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':id'),
    __param(0, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], UserController.prototype, "show", null);
__decorate([
    (0, common_1.Get)(':id/projects'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Query)()),
    __param(3, (0, common_1.Req)()),
    __param(4, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], UserController.prototype, "projectsOf", null);
exports.UserController = UserController = __decorate([
    (0, common_1.Controller)('api/v4/users'),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, project_service_1.ProjectService])
], UserController);
//# sourceMappingURL=user.controller.js.map