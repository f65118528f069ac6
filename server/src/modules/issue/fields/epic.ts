import { z } from 'zod';
import { EPIC_TEXTS, QUICK_ACTION_TEXTS as T, VALIDATION } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { canEpic } from '../../../core/policy/policy';
import { epicNoteable, epicReference, toIssueEpic } from '../../epic/epic.mapper';
import { ancestorGroupIds, epicById, epicLinkOfIssue, setIssueEpic } from '../../epic/epic.store';
import { recordDescendantsChanged } from '../../epic/epic-tree';
import { writeSystemNotes } from '../../note/note-writer';
import { systemNotes, type SystemNoteText } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { REFUSED } from './quick-action';

/** GitLab's `epic_id`: the epic's id; null, "" or 0 removes the issue from its epic. */
const epicIdParam = () =>
  z.unknown().transform((v, ctx): number | null => {
    if (v === null || v === '' || v === 0 || v === '0') return null;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION.notInteger });
      return z.NEVER;
    }
    return n;
  });

/**
 * The issue's epic (epic_issues, one per issue): assign, switch or remove, with GitLab's
 * system notes ('added to epic &3', 'changed epic to &4', 'removed from epic &3') and an
 * `issue.epic` event. The epic must be one the actor may read, in the project's group or an
 * ancestor; a confidential epic takes only confidential issues (GitLab's rules).
 */
export const epicField: IssueField<'epicId'> = {
  key: 'epicId',
  params: { epic_id: epicIdParam() },
  read: (p) => p.epic_id as number | null | undefined,
  onCreate: 'triager',
  quickActions: {
    names: ['epic', 'remove_epic'],
    run({ name, arg, state, lookups, allowed }) {
      const next = name === 'epic' ? (lookups.epics?.get(arg.trim())?.id ?? null) : null;
      if ((name === 'epic' && next === null) || next === state.epicId || !allowed(next)) return REFUSED;
      state.epicId = next;
      return { value: next, message: next === null ? T.epicRemoved : T.epicAdded };
    },
  },
  bulk: {
    params: ['epic_id'],
    // Checked once up front: an epic outside the project's group hierarchy changes no issue
    async check(epicId, project, m) {
      if (epicId === null) return;
      const [row] = (await m.query('SELECT group_id FROM epics WHERE id = $1', [epicId])) as Array<{ group_id: number }>;
      if (!row || !(await ancestorGroupIds(m, project.namespaceId)).includes(Number(row.group_id))) throw new ValidationError({ epic_id: [EPIC_TEXTS.epicOutOfHierarchy] });
    },
  },
  ability: () => 'admin_issue',
  async write(epicId, tx, ctx, env) {
    const m = tx.manager;
    const current = await epicLinkOfIssue(m, ctx.issue.id);
    if ((current?.epicId ?? null) === epicId) return null;
    const namespaceId = ctx.project.namespaceId;
    const before = current ? await epicById(m, env.actor.id, current.epicId) : null;
    const next = epicId === null ? null : await epicById(m, env.actor.id, epicId);
    if (epicId !== null) {
      if (!next || !canEpic(env.actor, 'read_epic', { visibility: next.groupVisibility, accessLevel: next.accessLevel }, next)) throw new AppError('EPIC_NOT_FOUND');
      if (!(await ancestorGroupIds(m, namespaceId)).includes(next.groupId)) throw new ValidationError({ epic: [EPIC_TEXTS.epicOutOfHierarchy] });
      if (next.confidential && !ctx.issue.confidential) throw new ValidationError({ epic: [EPIC_TEXTS.confidentialEpicPublicIssue] });
    }
    await setIssueEpic(m, ctx.issue.id, epicId);
    const ref = (e: NonNullable<typeof next>) => epicReference(e, namespaceId);
    const note = next ? (before ? systemNotes.epicChanged(ref(next)) : systemNotes.epicAdded(ref(next))) : systemNotes.epicRemoved(before ? ref(before) : '');
    const epic = next ? toIssueEpic(next, namespaceId, env.publicUrl) : null;
    // The epics' own activity, in this transaction: the issue left one, joined the other
    const issueRef = `${ctx.project.fullPath}#${ctx.issue.iid}`;
    const onEpic = async (e: NonNullable<typeof next>, text: SystemNoteText) => {
      const noteable = epicNoteable(e);
      await writeSystemNotes(tx, env, noteable, null, env.actorBasic, [text], `groups/${e.groupPath}`);
      tx.recordLater(noteable, 'epic.updated', { fields: { issues_changed: true, updated_at: new Date().toISOString() } }, env.actorBasic);
      await recordDescendantsChanged(tx, e.id, env.actorBasic);
    };
    if (before) await onEpic(before, systemNotes.epicIssueRemoved(issueRef));
    if (next) await onEpic(next, systemNotes.epicIssueAdded(issueRef));
    return { notes: [note], events: [{ type: 'issue.epic', payload: () => ({ epic }) }] };
  },
};
