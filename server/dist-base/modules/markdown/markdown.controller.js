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
exports.MarkdownController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const label_lookup_1 = require("../../core/markdown/label-lookup");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const zod_input_1 = require("../../core/http/zod-input");
const project_service_1 = require("../project/project.service");
const markdown_schema_1 = require("./markdown.schema");
/** POST /api/v4/markdown (GitLab's render endpoint), used by the editors' preview. */
let MarkdownController = class MarkdownController {
    markdown;
    projects;
    ds;
    constructor(markdown, projects, ds) {
        this.markdown = markdown;
        this.projects = projects;
        this.ds = ds;
    }
    /** Policy: read_project when `project` is given (references resolve against it). */
    async render(actor, body) {
        const { text, project } = (0, zod_input_1.parseInput)(markdown_schema_1.markdownPreviewSchema, body);
        // references resolve against the project only when the caller may read it (404 otherwise)
        const readable = project ? (await this.projects.findReadable(actor, project)).project : null;
        const labelExists = readable ? await (0, label_lookup_1.loadLabelLookup)(this.ds, readable.id, text) : undefined;
        return { html: this.markdown.render(text, { projectPath: readable?.fullPath, labelExists }) };
    }
};
exports.MarkdownController = MarkdownController;
__decorate([
    (0, common_1.Post)(),
    (0, common_1.HttpCode)(201),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", Promise)
], MarkdownController.prototype, "render", null);
exports.MarkdownController = MarkdownController = __decorate([
    (0, common_1.Controller)('api/v4/markdown'),
    __param(2, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [markdown_service_1.MarkdownService,
        project_service_1.ProjectService,
        typeorm_2.DataSource])
], MarkdownController);
//# sourceMappingURL=markdown.controller.js.map