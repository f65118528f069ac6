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
exports.AutocompleteController = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const issue_context_1 = require("../issue/issue-context");
const project_service_1 = require("../project/project.service");
const autocomplete_finder_1 = require("./autocomplete.finder");
const KINDS = ['members', 'issues', 'labels', 'milestones'];
/** The comment form's autocomplete (noteablePaths().autocomplete(kind)). */
let AutocompleteController = class AutocompleteController {
    projects;
    finder;
    constructor(projects, finder) {
        this.projects = projects;
        this.finder = finder;
    }
    /** Policy: read_project (issues: read_issue each; participants only of a readable issue). */
    async sources(actor, path, kind, q) {
        if (!KINDS.includes(kind))
            throw new app_error_1.AppError('NOT_FOUND');
        const search = typeof q.search === 'string' ? q.search.trim() : q.search === undefined ? '' : null;
        if (search === null || search.length > shared_types_1.LIMITS.titleMaxLength)
            throw new app_error_1.ValidationError({ search: ['must be a string of at most 255 characters'] });
        const typeId = q.type_id === undefined || q.type_id === '' ? null : (0, issue_context_1.parseIid)(String(q.type_id));
        if (q.type_id !== undefined && q.type_id !== '' && typeId === null)
            throw new app_error_1.ValidationError({ type_id: ['must be an issue iid'] });
        const { project, facts } = await this.projects.findReadable(actor, path.join('/'));
        switch (kind) {
            case 'members':
                return this.finder.members(actor, project, facts, search, q.type === undefined || q.type === 'Issue' ? typeId : null);
            case 'issues':
                return this.finder.issues(actor, project, facts, search);
            case 'labels':
                return this.finder.labels(project, search);
            case 'milestones':
                return this.finder.milestones(project, search);
        }
    }
};
exports.AutocompleteController = AutocompleteController;
__decorate([
    (0, common_1.Get)('*project/-/autocomplete_sources/:kind'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('kind')),
    __param(3, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object]),
    __metadata("design:returntype", Promise)
], AutocompleteController.prototype, "sources", null);
exports.AutocompleteController = AutocompleteController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [project_service_1.ProjectService,
        autocomplete_finder_1.AutocompleteFinder])
], AutocompleteController);
//# sourceMappingURL=autocomplete.controller.js.map