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
exports.ReferenceResolver = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const issue_loader_1 = require("../issue/issue.loader");
const references_1 = require("./references");
/**
 * Turns typed references into issues the actor may read. Any that names no readable issue
 * (unknown, confidential, private) fails the whole request with a 404 naming it; nothing is linked.
 */
let ReferenceResolver = class ReferenceResolver {
    loader;
    config;
    constructor(loader, config) {
        this.loader = loader;
        this.config = config;
    }
    async resolve(actor, source, input) {
        const refs = (0, references_1.splitReferences)(input);
        if (!refs.length)
            throw new app_error_1.ValidationError({ issuable_references: ["can't be blank"] });
        const found = [];
        const missing = [];
        for (const raw of refs) {
            const ref = (0, references_1.parseIssueReference)(raw, source.project.fullPath, this.config.publicUrl);
            if (!ref) {
                missing.push(raw);
                continue;
            }
            try {
                found.push(await this.loader.findReadable(actor, ref.projectPath, ref.iid));
            }
            catch (e) {
                if (!(e instanceof app_error_1.AppError) || e.status !== 404)
                    throw e;
                missing.push(raw);
            }
        }
        if (missing.length)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND', shared_types_1.DISCUSSION_TEXTS.relatedNotFoundFor(missing.join(', ')));
        return found;
    }
};
exports.ReferenceResolver = ReferenceResolver;
exports.ReferenceResolver = ReferenceResolver = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader, Object])
], ReferenceResolver);
//# sourceMappingURL=reference-resolver.js.map