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
exports.QuickActionInterpreter = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const issue_permissions_1 = require("../../../core/policy/issue-permissions");
const policy_1 = require("../../../core/policy/policy");
const label_service_1 = require("../../label/label.service");
const policy_2 = require("../../../core/policy/policy");
const epic_store_1 = require("../../epic/epic.store");
const epic_reference_1 = require("../../epic/epic-reference");
const milestone_queries_1 = require("../../milestone/milestone.queries");
const parse_quick_actions_1 = require("./parse-quick-actions");
const plan_quick_actions_1 = require("./plan-quick-actions");
/**
 * Resolves what quick-action commands name (users, labels; one query each, only when a
 * command names them) and plans the issue change (plan-quick-actions.ts) with the actor's
 * abilities from the one policy module.
 */
let QuickActionInterpreter = class QuickActionInterpreter {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    /** Parses `text` and plans its commands; null when it has none (nothing to do, nothing read). */
    async interpretText(actor, subject, text, m) {
        const { body, commands } = (0, parse_quick_actions_1.parseQuickActions)(text);
        if (!commands.length)
            return null;
        return { body, commands, ...(await this.plan(actor, subject, commands, m)) };
    }
    async plan(actor, subject, commands, m = this.ds.manager) {
        const facts = {
            confidential: subject.issue.confidential,
            authorId: subject.creating ? actor.id : subject.issue.authorId,
            assigneeIds: subject.assigneeIds,
            discussionLocked: subject.issue.discussionLocked,
            state: subject.issue.state,
        };
        const lookups = await this.lookups(subject, commands, m);
        const epics = await this.epicLookups(actor, subject, commands, m);
        const target = {
            epicId: epics?.current ?? null,
            issue: subject.issue,
            assignees: subject.assigneeIds.map((id) => [...lookups.users.values()].find((u) => u.id === id) ?? { id, username: String(id) }),
            creating: subject.creating ?? false,
        };
        return (0, plan_quick_actions_1.planQuickActions)(commands, target, { ...lookups, epics: epics?.byArg }, {
            actor,
            can: (ability) => (0, policy_1.canIssue)(actor, ability, subject.projectFacts, facts),
            canAward: (0, issue_permissions_1.issuePermissions)(actor, subject.projectFacts, facts).awardEmoji,
            today: new Date().toISOString().slice(0, 10),
        });
    }
    /**
     * The epics /epic names (`&3`, `group/path&3`, an epic URL) that the actor may read and the
     * issue may join (the project's group or an ancestor; confidential epics only for
     * confidential issues), and the issue's current epic; nothing is read without such a command.
     */
    async epicLookups(actor, subject, commands, m) {
        const epicCommands = commands.filter((c) => c.name === 'epic' || c.name === 'remove_epic');
        if (!epicCommands.length)
            return null;
        const current = subject.issue.id ? ((await (0, epic_store_1.epicLinkOfIssue)(m, subject.issue.id))?.epicId ?? null) : null;
        const byArg = new Map();
        const groups = await (0, epic_store_1.ancestorGroupIds)(m, subject.project.namespaceId);
        const pathRows = (await m.query('SELECT id, lower(full_path) AS path FROM namespaces WHERE id = ANY($1::int[])', [groups]));
        for (const c of epicCommands.filter((x) => x.name === 'epic')) {
            const ref = (0, epic_reference_1.parseEpicRef)(c.arg);
            if (!ref)
                continue;
            const groupId = ref.groupPath === null ? subject.project.namespaceId : pathRows.find((r) => r.path === ref.groupPath.toLowerCase())?.id;
            if (!groupId || !groups.includes(Number(groupId)))
                continue;
            const [epic] = await (0, epic_store_1.listEpics)(m, actor.id, { groupIds: [Number(groupId)], iids: [ref.iid] });
            if (!epic || !(0, policy_2.canEpic)(actor, 'read_epic', { visibility: epic.groupVisibility, accessLevel: epic.accessLevel }, epic))
                continue;
            if (epic.confidential && !subject.issue.confidential)
                continue;
            byArg.set(c.arg.trim(), { id: epic.id });
        }
        return { current, byArg };
    }
    async lookups(subject, commands, m) {
        const usernames = commands.filter((c) => c.name === 'assign' || c.name === 'unassign').flatMap((c) => (0, plan_quick_actions_1.userRefs)(c.arg).map((u) => u.toLowerCase()));
        const titles = commands.filter((c) => c.name === 'label' || c.name === 'unlabel' || c.name === 'relabel').flatMap((c) => (0, plan_quick_actions_1.labelRefs)(c.arg).map((t) => t.toLowerCase()));
        const users = new Map();
        const labels = new Map();
        if (commands.some((c) => c.name === 'assign' || c.name === 'unassign')) {
            const rows = (await m.query(`SELECT id, username FROM users WHERE lower(username) = ANY($1::text[]) OR id = ANY($2::int[])`, [
                usernames,
                [...subject.assigneeIds],
            ]));
            for (const r of rows)
                users.set(r.username.toLowerCase(), { id: Number(r.id), username: r.username });
        }
        if (titles.length) {
            // A project label wins over a group label of the same title (as REST titles resolve)
            const rows = (await m.query(`${label_service_1.AVAILABLE_LABELS_SQL} AND lower(l.title) = ANY($3::text[]) ORDER BY l.project_id NULLS LAST`, [
                subject.project.id,
                subject.project.namespaceId,
                titles,
            ]));
            for (const r of rows)
                if (!labels.has(r.title.toLowerCase()))
                    labels.set(r.title.toLowerCase(), { id: Number(r.id), title: r.title });
        }
        const out = { users, labels };
        if (commands.some((c) => c.name === 'milestone' || c.name === 'remove_milestone')) {
            const rows = (await m.query(`${milestone_queries_1.AVAILABLE_MILESTONES_SQL} ORDER BY m.project_id NULLS LAST, m.id`, [subject.project.id, subject.project.namespaceId]));
            const milestones = new Map();
            for (const r of rows)
                if (!milestones.has(r.title.toLowerCase()))
                    milestones.set(r.title.toLowerCase(), { id: Number(r.id), title: r.title });
            out.milestones = milestones;
            const currentId = subject.issue.milestoneId ?? null;
            out.currentMilestone = currentId ? (rows.map((r) => ({ id: Number(r.id), title: r.title })).find((r) => r.id === currentId) ?? null) : null;
        }
        return out;
    }
};
exports.QuickActionInterpreter = QuickActionInterpreter;
exports.QuickActionInterpreter = QuickActionInterpreter = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource])
], QuickActionInterpreter);
//# sourceMappingURL=quick-action-interpreter.js.map