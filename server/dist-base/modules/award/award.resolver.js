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
exports.AwardResolver = void 0;
const common_1 = require("@nestjs/common");
const graphql_1 = require("@nestjs/graphql");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const user_graphql_types_1 = require("../user/user.graphql-types");
const add_award_1 = require("./actions/add-award");
const remove_award_1 = require("./actions/remove-award");
const toggle_award_1 = require("./actions/toggle-award");
const award_graphql_types_1 = require("./award.graphql-types");
const award_validation_1 = require("./award.validation");
const awardable_loader_1 = require("./awardable.loader");
const emoji_names_1 = require("./emoji-names");
const issue_resolver_1 = require("../issue/issue.resolver");
/**
 * awardEmojiToggle / Add / Remove (Relay classic). An awardable the actor cannot read is
 * GitLab's access error; a refusal (cannot react here, a bad name, a duplicate) is in `errors`.
 */
let AwardResolver = class AwardResolver {
    awardables;
    toggleAction;
    addAction;
    removeAction;
    config;
    constructor(awardables, toggleAction, addAction, removeAction, config) {
        this.awardables = awardables;
        this.toggleAction = toggleAction;
        this.addAction = addAction;
        this.removeAction = removeAction;
        this.config = config;
    }
    /** Policy: read_issue (+ readable note) to find the awardable, then awardEmoji. */
    awardEmojiToggle(actor, input) {
        return this.run(actor, input, (a, name) => this.toggleAction.execute(actor, a, name));
    }
    /** Policy: read_issue (+ readable note) to find the awardable, then awardEmoji. */
    awardEmojiAdd(actor, input) {
        return this.run(actor, input, (a, name) => this.addAction.execute(actor, a, name));
    }
    /** Policy: read_issue (+ readable note) to find the awardable, then awardEmoji (own award). */
    awardEmojiRemove(actor, input) {
        return this.run(actor, input, (a, name) => this.removeAction.execute(actor, a, name));
    }
    async run(actor, input, act) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const awardable = await this.awardables.byGlobalId(actor, input.awardableId);
        const out = (errors, o) => ({
            clientMutationId: input.clientMutationId ?? null,
            awardEmoji: o?.award ? this.toType(o.award, awardable.issue.actorUser) : null,
            toggledOn: o?.toggledOn ?? false,
            errors,
        });
        let name;
        try {
            name = (0, award_validation_1.parseAwardName)({ name: /^\d+$/.test(input.name) ? Number(input.name) : input.name });
        }
        catch (e) {
            if (e instanceof app_error_1.ValidationError)
                return out((0, issue_resolver_1.messagesOf)(e));
            throw e;
        }
        try {
            const o = await act(awardable, name);
            return out(o.error ? [o.error] : [], o);
        }
        catch (e) {
            // Cannot react here (system note, archived project, read-only token): GitLab's text in errors
            if (e instanceof app_error_1.AppError && e.code === 'FORBIDDEN')
                return out([e.message]);
            throw e;
        }
    }
    toType(a, user) {
        const facts = (0, emoji_names_1.emojiFacts)(a.name);
        return {
            name: a.name,
            description: facts?.description ?? a.name,
            emoji: facts?.emoji ?? '',
            unicode: facts?.hexcode ?? '',
            unicodeVersion: facts?.unicodeVersion ?? '',
            user: (0, user_graphql_types_1.toUserType)(user, this.config.publicUrl),
        };
    }
};
exports.AwardResolver = AwardResolver;
__decorate([
    (0, graphql_1.Mutation)(() => award_graphql_types_1.AwardEmojiTogglePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, award_graphql_types_1.AwardEmojiToggleInput]),
    __metadata("design:returntype", Promise)
], AwardResolver.prototype, "awardEmojiToggle", null);
__decorate([
    (0, graphql_1.Mutation)(() => award_graphql_types_1.AwardEmojiAddPayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, award_graphql_types_1.AwardEmojiAddInput]),
    __metadata("design:returntype", Promise)
], AwardResolver.prototype, "awardEmojiAdd", null);
__decorate([
    (0, graphql_1.Mutation)(() => award_graphql_types_1.AwardEmojiRemovePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, award_graphql_types_1.AwardEmojiRemoveInput]),
    __metadata("design:returntype", Promise)
], AwardResolver.prototype, "awardEmojiRemove", null);
exports.AwardResolver = AwardResolver = __decorate([
    (0, graphql_1.Resolver)(),
    __param(4, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [awardable_loader_1.AwardableLoader,
        toggle_award_1.ToggleAwardAction,
        add_award_1.AddAwardAction,
        remove_award_1.RemoveAwardAction, Object])
], AwardResolver);
//# sourceMappingURL=award.resolver.js.map