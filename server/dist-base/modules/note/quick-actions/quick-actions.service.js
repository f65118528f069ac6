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
exports.QuickActionsService = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const update_issue_1 = require("../../issue/actions/update-issue");
const parse_quick_actions_1 = require("./parse-quick-actions");
const quick_action_interpreter_1 = require("./quick-action-interpreter");
/**
 * Quick actions of a comment (spec discussions §5): each command checked against the actor's
 * abilities and applied through UpdateIssueAction, so its system notes and events are exactly a
 * sidebar change's.
 */
let QuickActionsService = class QuickActionsService {
    interpreter;
    updateIssue;
    constructor(interpreter, updateIssue) {
        this.interpreter = interpreter;
        this.updateIssue = updateIssue;
    }
    /** Applies commands; inside `tx` (the note's transaction) when given, else in their own. */
    async apply(actor, ctx, commands, tx) {
        const plan = await this.interpreter.plan(actor, ctx, commands, tx?.manager);
        if (Object.keys(plan.input).length) {
            if (tx)
                await this.updateIssue.executeInTx(tx, actor, ctx, plan.input);
            else
                await this.updateIssue.execute(actor, ctx, plan.input);
        }
        return { messages: plan.messages, errorMessages: plan.errorMessages, changes: plan.changes };
    }
    /**
     * The one entry point create-note calls, inside its transaction before it inserts the note:
     * strips the command lines, applies what the actor may do, and says what happened. A body
     * without commands comes back unchanged at no cost.
     */
    async run(tx, actor, ctx, rawBody) {
        const { body, commands } = (0, parse_quick_actions_1.parseQuickActions)(rawBody);
        if (!commands.length)
            return { body: rawBody, commandsOnly: false, status: { messages: [], error_messages: [] }, changes: {} };
        const out = await this.apply(actor, ctx, commands, tx);
        const commandsOnly = body.trim() === '';
        const messages = commandsOnly && !out.messages.length && !out.errorMessages.length ? [shared_types_1.DISCUSSION_TEXTS.commandsApplied] : out.messages;
        return { body, commandsOnly, status: { messages, error_messages: out.errorMessages }, changes: out.changes };
    }
};
exports.QuickActionsService = QuickActionsService;
exports.QuickActionsService = QuickActionsService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [quick_action_interpreter_1.QuickActionInterpreter,
        update_issue_1.UpdateIssueAction])
], QuickActionsService);
//# sourceMappingURL=quick-actions.service.js.map