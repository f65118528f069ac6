"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.assigneesField = void 0;
const app_error_1 = require("../../../core/errors/app-error");
const system_notes_1 = require("../../note/system-notes");
const user_mapper_1 = require("../../user/user.mapper");
const user_row_1 = require("../../user/user.row");
const params_1 = require("./params");
/** Assignees, in the order given (REST `assignee_ids`, or GitLab's older single `assignee_id`). */
exports.assigneesField = {
    key: 'assigneeIds',
    params: { assignee_ids: (0, params_1.idListParam)(), assignee_id: (0, params_1.idListParam)() },
    read: (p) => (p.assignee_ids ?? p.assignee_id),
    ability: () => 'admin_issue',
    async write(ids, tx, ctx, env) {
        const before = ctx.assigneeIds;
        if (before.length === ids.length && before.every((id, k) => id === ids[k]))
            return null;
        const wanted = [...new Set([...ids, ...before])];
        const rows = await tx.query('issue.assignees.users', `SELECT id, username, name, email, avatar_url, state, is_admin, created_at, updated_at FROM users WHERE id = ANY($1::int[])`, [wanted]);
        const users = new Map(rows.map((r) => [Number(r.id), (0, user_row_1.userFromRow)(r)]));
        const missing = ids.filter((id) => !users.has(id));
        if (missing.length)
            throw new app_error_1.ValidationError({ assignee_ids: [`user ${missing.join(', ')} not found`] });
        if (ctx.project.visibility === 'private') {
            for (const id of ids.filter((x) => !before.includes(x))) {
                if ((await env.projects.accessLevel(id, ctx.project, tx.manager)) === 0)
                    throw new app_error_1.ValidationError({ assignee_ids: [`Cannot assign @${users.get(id).username} to #${ctx.issue.iid}`] });
            }
        }
        // New assignees other than the actor get an 'assigned' to-do, in the same statement (modules/todo)
        const todoFor = ids.filter((id) => !before.includes(id) && id !== env.actor.id);
        await tx.query('issue.assignees.set', `WITH gone AS (DELETE FROM issue_assignees WHERE issue_id = $1 AND NOT (user_id = ANY($2::int[]))),
       todo AS (INSERT INTO todos (user_id, author_id, project_id, target_type, target_id, action) SELECT t, $3, $4, 'Issue', $1, 'assigned' FROM unnest($5::int[]) t)
       INSERT INTO issue_assignees (issue_id, user_id, position) SELECT $1, u.id, u.ord - 1 FROM unnest($2::int[]) WITH ORDINALITY AS u(id, ord)
       ON CONFLICT (issue_id, user_id) DO UPDATE SET position = EXCLUDED.position`, [ctx.issue.id, ids, env.actor.id, ctx.project.id, todoFor]);
        for (const id of todoFor)
            tx.touchedUsers.add(id);
        const added = ids.filter((id) => !before.includes(id)).map((id) => users.get(id));
        const removed = before.filter((id) => !ids.includes(id)).flatMap((id) => users.get(id) ?? []);
        const assignees = ids.map((id) => (0, user_mapper_1.toUserBasic)(users.get(id), env.publicUrl));
        return {
            notes: [system_notes_1.systemNotes.assignees(added, removed)],
            events: [{ type: 'issue.assignees', payload: (fresh) => ({ assignees, lock_version: fresh.lockVersion }) }],
        };
    },
};
//# sourceMappingURL=assignees.js.map