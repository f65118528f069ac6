import { QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { systemNotes } from '../../note/system-notes';
import { toUserBasic } from '../../user/user.mapper';
import { userFromRow, type UserRow } from '../../user/user.row';
import type { IssueField } from './issue-field';
import { idListParam } from './params';
import { REFUSED, userRefs } from './quick-action';

/** Assignees, in the order given (REST `assignee_ids`, or GitLab's older single `assignee_id`; 0 or [0] unassigns everyone). */
export const assigneesField: IssueField<'assigneeIds'> = {
  key: 'assigneeIds',
  params: { assignee_ids: idListParam(), assignee_id: idListParam() },
  read: (p) => (p.assignee_ids ?? p.assignee_id) as number[] | undefined,
  onCreate: 'triager',
  bulk: { params: ['assignee_ids'] },
  quickActions: {
    names: ['assign', 'unassign'],
    onCreate: ['assign'],
    run({ name, arg, state, lookups, env, allowed }) {
      const refs = userRefs(arg);
      const named = refs.map((r) => (r.toLowerCase() === 'me' ? env.actor : lookups.users.get(r.toLowerCase())));
      const missing = refs.filter((_, k) => !named[k]).map((r) => `@${r}`);
      if (missing.length) return { error: T.usersNotFound(missing) };
      if (name === 'assign' && !refs.length) return REFUSED;
      const users = named as Array<{ id: number; username: string }>;
      const before = state.assignees;
      const next =
        name === 'assign' ? [...before, ...users.filter((u) => !before.some((a) => a.id === u.id))] : refs.length ? before.filter((a) => !users.some((u) => u.id === a.id)) : [];
      const changed = name === 'assign' ? users.filter((u) => !before.some((a) => a.id === u.id)) : before.filter((a) => !next.some((n) => n.id === a.id));
      const ids = next.map((u) => u.id);
      if (!changed.length || !allowed(ids)) return REFUSED;
      state.assignees = next;
      const usernames = [...new Map(changed.map((u) => [u.id, u.username])).values()];
      return { value: ids, message: name === 'assign' ? T.assigned(usernames) : T.unassigned(usernames) };
    },
  },
  ability: () => 'admin_issue',
  async write(ids, tx, ctx, env) {
    const before = ctx.assigneeIds;
    if (before.length === ids.length && before.every((id, k) => id === ids[k])) return null;
    const wanted = [...new Set([...ids, ...before])];
    const rows = await tx.query<UserRow>(
      'issue.assignees.users',
      `SELECT id, username, name, email, avatar_url, state, is_admin, created_at, updated_at FROM users WHERE id = ANY($1::int[])`,
      [wanted],
    );
    const users = new Map(rows.map((r) => [Number(r.id), userFromRow(r)]));
    const missing = ids.filter((id) => !users.has(id));
    if (missing.length) throw new ValidationError({ assignee_ids: [`user ${missing.join(', ')} not found`] });
    if (ctx.project.visibility === 'private') {
      for (const id of ids.filter((x) => !before.includes(x))) {
        if ((await env.projects.accessLevel(id, ctx.project, tx.manager)) === 0)
          throw new ValidationError({ assignee_ids: [`Cannot assign @${users.get(id)!.username} to #${ctx.issue.iid}`] });
      }
    }
    // New assignees other than the actor get an 'assigned' to-do, in the same statement (modules/todo)
    const todoFor = ids.filter((id) => !before.includes(id) && id !== env.actor.id);
    await tx.query(
      'issue.assignees.set',
      `WITH gone AS (DELETE FROM issue_assignees WHERE issue_id = $1 AND NOT (user_id = ANY($2::int[]))),
       todo AS (INSERT INTO todos (user_id, author_id, project_id, target_type, target_id, action) SELECT t, $3, $4, 'Issue', $1, 'assigned' FROM unnest($5::int[]) t)
       INSERT INTO issue_assignees (issue_id, user_id, position) SELECT $1, u.id, u.ord - 1 FROM unnest($2::int[]) WITH ORDINALITY AS u(id, ord)
       ON CONFLICT (issue_id, user_id) DO UPDATE SET position = EXCLUDED.position`,
      [ctx.issue.id, ids, env.actor.id, ctx.project.id, todoFor],
    );
    for (const id of todoFor) tx.touchedUsers.add(id);
    const added = ids.filter((id) => !before.includes(id)).map((id) => users.get(id)!);
    const removed = before.filter((id) => !ids.includes(id)).flatMap((id) => users.get(id) ?? []);
    const assignees = ids.map((id) => toUserBasic(users.get(id)!, env.publicUrl));
    return {
      notes: [systemNotes.assignees(added, removed)],
      events: [{ type: 'issue.assignees', payload: (fresh) => ({ assignees, lock_version: fresh.lockVersion }) }],
    };
  },
};
