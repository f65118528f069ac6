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
exports.UploadController = exports.UploadTooLargeFilter = exports.UploadAllowedGuard = void 0;
/// <reference types="multer" />
const node_fs_1 = require("node:fs");
const common_1 = require("@nestjs/common");
const platform_express_1 = require("@nestjs/platform-express");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const request_context_1 = require("../../core/http/request-context");
const policy_1 = require("../../core/policy/policy");
const project_service_1 = require("../project/project.service");
const upload_storage_1 = require("./upload-storage");
/** upload_file on the project in the path, checked before multer reads a byte of the file. */
let UploadAllowedGuard = class UploadAllowedGuard {
    projects;
    constructor(projects) {
        this.projects = projects;
    }
    async canActivate(context) {
        const req = context.switchToHttp().getRequest();
        const actor = (0, request_context_1.authOf)(req).actor;
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const path = req.params.project;
        const { project, facts } = await this.projects.findReadable(actor, Array.isArray(path) ? path.join('/') : String(path));
        if (!(0, policy_1.canProject)(actor, 'upload_file', facts))
            throw new app_error_1.AppError('FORBIDDEN');
        req.uploadProject = project;
        return true;
    }
};
exports.UploadAllowedGuard = UploadAllowedGuard;
exports.UploadAllowedGuard = UploadAllowedGuard = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [project_service_1.ProjectService])
], UploadAllowedGuard);
/** A file over the limit: 413 with the limit in the message. */
let UploadTooLargeFilter = class UploadTooLargeFilter {
    catch(_e, host) {
        host.switchToHttp().getResponse().status(413).json({ message: shared_types_1.UPLOAD_TEXTS.tooLarge(shared_types_1.DISCUSSION_LIMITS.uploadMaxBytes) });
    }
};
exports.UploadTooLargeFilter = UploadTooLargeFilter;
exports.UploadTooLargeFilter = UploadTooLargeFilter = __decorate([
    (0, common_1.Catch)(common_1.PayloadTooLargeException)
], UploadTooLargeFilter);
const IMAGE = /\.(png|jpe?g|gif|webp)$/i;
/** Attachments of comments and descriptions (noteablePaths().uploads), stored under UPLOADS_DIR. */
let UploadController = class UploadController {
    projects;
    storage;
    constructor(projects, config) {
        this.projects = projects;
        this.storage = new upload_storage_1.UploadStorage(config.uploadsDir);
    }
    /** Policy: upload_file (signed in, may read the project, not archived; UploadAllowedGuard). */
    async upload(req, file) {
        const project = req.uploadProject;
        if (!file)
            throw new app_error_1.ValidationError({ file: [shared_types_1.UPLOAD_TEXTS.missing] });
        // multer reads the name as latin1; browsers send UTF-8
        const original = Buffer.from(file.originalname, 'latin1').toString('utf8');
        const { secret, filename } = await this.storage.save(project.id, original, file.buffer);
        const url = `/${project.fullPath}/uploads/${secret}/${filename}`;
        const alt = filename.replace(/\.[^.]*$/, '') || filename;
        return { alt, url, markdown: IMAGE.test(filename) ? `![${alt}](${url})` : `[${filename}](${url})` };
    }
    /** Policy: read_project (anyone else gets 404, as if there were no file). */
    async download(actor, path, secret, filename, res) {
        const { project } = await this.projects.findReadable(actor, path.join('/')).catch(() => {
            throw new app_error_1.AppError('NOT_FOUND');
        });
        const file = await this.storage.find(project.id, secret, filename);
        if (!file)
            throw new app_error_1.AppError('NOT_FOUND');
        const { contentType, inline } = (0, upload_storage_1.servedAs)(filename);
        res.setHeader('Content-Type', contentType);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
        res.setHeader('Cache-Control', 'private, max-age=3600');
        res.setHeader('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${filename}"`);
        (0, node_fs_1.createReadStream)(file).pipe(res);
    }
};
exports.UploadController = UploadController;
__decorate([
    (0, common_1.Post)('*project/uploads'),
    (0, common_1.HttpCode)(200),
    (0, common_1.UseGuards)(UploadAllowedGuard),
    (0, common_1.UseFilters)(UploadTooLargeFilter),
    (0, common_1.UseInterceptors)((0, platform_express_1.FileInterceptor)('file', { limits: { fileSize: shared_types_1.DISCUSSION_LIMITS.uploadMaxBytes, files: 1 } })),
    __param(0, (0, common_1.Req)()),
    __param(1, (0, common_1.UploadedFile)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", Promise)
], UploadController.prototype, "upload", null);
__decorate([
    (0, common_1.Get)('*project/uploads/:secret/:filename'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('secret')),
    __param(3, (0, common_1.Param)('filename')),
    __param(4, (0, common_1.Res)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, String, Object]),
    __metadata("design:returntype", Promise)
], UploadController.prototype, "download", null);
exports.UploadController = UploadController = __decorate([
    (0, common_1.Controller)(),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [project_service_1.ProjectService, Object])
], UploadController);
//# sourceMappingURL=upload.controller.js.map