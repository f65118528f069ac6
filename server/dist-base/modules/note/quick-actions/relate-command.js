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
Object.defineProperty(exports, "__esModule", { value: true });
exports.RelateCommand = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const issue_loader_1 = require("../../issue/issue.loader");
const create_issue_links_1 = require("../../issue-link/actions/create-issue-links");
const reference_resolver_1 = require("../../issue-link/reference-resolver");
/**
 * `/relate #2 group/project#3` in a comment: the related-issues block's own write
 * (CreateIssueLinksAction: links, system notes and `issue.links` on both issues), run once the
 * comment's other commands are in, as `/award` is. A reference that names no readable issue,
 * a link that exists already or a refusal replaces the command's success message with the
 * related-issues block's message, so the comment's answer says what really happened.
 */
let RelateCommand = class RelateCommand {
    loader;
    references;
    createLinks;
    constructor(loader, references, createLinks) {
        this.loader = loader;
        this.references = references;
        this.createLinks = createLinks;
    }
    async apply(actor, ctx, refs, status) {
        try {
            const source = await this.loader.findReadable(actor, ctx.project.fullPath, String(ctx.issue.iid));
            const targets = await this.references.resolve(actor, source, refs);
            await this.createLinks.execute(actor, source, targets, 'relates_to');
        }
        catch (e) {
            if (!(e instanceof app_error_1.AppError) || e.status >= 500)
                throw e;
            const planned = shared_types_1.QUICK_ACTION_TEXTS.related(refs);
            status.messages = status.messages.filter((m) => m !== planned);
            status.error_messages.push(e.message);
        }
    }
};
exports.RelateCommand = RelateCommand;
exports.RelateCommand = RelateCommand = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        reference_resolver_1.ReferenceResolver,
        create_issue_links_1.CreateIssueLinksAction])
], RelateCommand);
//# sourceMappingURL=relate-command.js.map