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
exports.IssueMoveController = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const move_issue_1 = require("./actions/move-issue");
const issue_loader_1 = require("./issue.loader");
const issue_mapper_1 = require("./issue.mapper");
const issue_validation_1 = require("./issue.validation");
/** GitLab REST: POST {issue}/move {to_project_id}; answers the new issue. */
let IssueMoveController = class IssueMoveController {
    loader;
    move;
    config;
    constructor(loader, move, config) {
        this.loader = loader;
        this.move = move;
        this.config = config;
    }
    /** Policy: admin_issue on the issue, create_issue in the target project (MoveIssueAction). */
    async moveIssue(actor, id, iid, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const parsed = shared_types_1.moveIssueSchema.safeParse(body ?? {}, { errorMap: shared_types_1.validationErrorMap });
        if (!parsed.success)
            throw (0, issue_validation_1.validationErrorOf)(parsed.error);
        const source = await this.loader.findReadable(actor, id, iid);
        const { issue, project } = await this.move.execute(actor, source, parsed.data.to_project_id).catch((e) => {
            // GitLab answers a refused move as {"message": "Cannot move issue ..."}
            if (e instanceof app_error_1.ValidationError && e.fields.base)
                throw new app_error_1.AppError('VALIDATION', e.fields.base[0]);
            throw e;
        });
        const [h] = await this.loader.hydrate([issue], new Map([[project.id, project]]));
        return (0, issue_mapper_1.toApiIssue)(h, this.config.publicUrl);
    }
};
exports.IssueMoveController = IssueMoveController;
__decorate([
    (0, common_1.Post)('move'),
    (0, common_1.HttpCode)(201),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", Promise)
], IssueMoveController.prototype, "moveIssue", null);
exports.IssueMoveController = IssueMoveController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/issues/:iid'),
    __param(2, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        move_issue_1.MoveIssueAction, Object])
], IssueMoveController);
//# sourceMappingURL=issue-move.controller.js.map