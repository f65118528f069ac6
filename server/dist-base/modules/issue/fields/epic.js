"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.epicField = void 0;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const policy_1 = require("../../../core/policy/policy");
const epic_mapper_1 = require("../../epic/epic.mapper");
const epic_store_1 = require("../../epic/epic.store");
const system_notes_1 = require("../../note/system-notes");
/** GitLab's `epic_id`: the epic's id; null, "" or 0 removes the issue from its epic. */
const epicIdParam = () => zod_1.z.unknown().transform((v, ctx) => {
    if (v === null || v === '' || v === 0 || v === '0')
        return null;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) {
        ctx.addIssue({ code: zod_1.z.ZodIssueCode.custom, message: shared_types_1.VALIDATION.notInteger });
        return zod_1.z.NEVER;
    }
    return n;
});
/**
 * The issue's epic (epic_issues, one per issue): assign, switch or remove, with GitLab's
 * system notes ('added to epic &3', 'changed epic to &4', 'removed from epic &3') and an
 * `issue.epic` event. The epic must be one the actor may read, in the project's group or an
 * ancestor; a confidential epic takes only confidential issues (GitLab's rules).
 */
exports.epicField = {
    key: 'epicId',
    params: { epic_id: epicIdParam() },
    read: (p) => p.epic_id,
    ability: () => 'admin_issue',
    async write(epicId, tx, ctx, env) {
        const m = tx.manager;
        const current = await (0, epic_store_1.epicLinkOfIssue)(m, ctx.issue.id);
        if ((current?.epicId ?? null) === epicId)
            return null;
        const namespaceId = ctx.project.namespaceId;
        const before = current ? await (0, epic_store_1.epicById)(m, env.actor.id, current.epicId) : null;
        const next = epicId === null ? null : await (0, epic_store_1.epicById)(m, env.actor.id, epicId);
        if (epicId !== null) {
            if (!next || !(0, policy_1.canEpic)(env.actor, 'read_epic', { visibility: next.groupVisibility, accessLevel: next.accessLevel }, next))
                throw new app_error_1.AppError('EPIC_NOT_FOUND');
            if (!(await (0, epic_store_1.ancestorGroupIds)(m, namespaceId)).includes(next.groupId))
                throw new app_error_1.ValidationError({ epic: [shared_types_1.EPIC_TEXTS.epicOutOfHierarchy] });
            if (next.confidential && !ctx.issue.confidential)
                throw new app_error_1.ValidationError({ epic: [shared_types_1.EPIC_TEXTS.confidentialEpicPublicIssue] });
        }
        await (0, epic_store_1.setIssueEpic)(m, ctx.issue.id, epicId);
        const ref = (e) => (0, epic_mapper_1.epicReference)(e, namespaceId);
        const note = next ? (before ? system_notes_1.systemNotes.epicChanged(ref(next)) : system_notes_1.systemNotes.epicAdded(ref(next))) : system_notes_1.systemNotes.epicRemoved(before ? ref(before) : '');
        const epic = next ? (0, epic_mapper_1.toIssueEpic)(next, namespaceId, env.publicUrl) : null;
        return { notes: [note], events: [{ type: 'issue.epic', payload: () => ({ epic }) }] };
    },
};
//# sourceMappingURL=epic.js.map