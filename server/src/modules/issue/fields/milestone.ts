import { ID } from '@nestjs/graphql';
import { QUICK_ACTION_TEXTS as T, TAXONOMY_ERRORS } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { parseGlobalId } from '../../../core/graphql/global-id';
import { Milestone } from '../../milestone/milestone.entity';
import { AVAILABLE_MILESTONES_SQL, availableMilestone, milestoneStillSql, toApiIssueMilestone, type MilestoneRow } from '../../milestone/milestone.queries';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { NamedRowCache, type NamedRow } from './named-row-cache';
import { optionalIdParam } from './params';
import { milestoneTitle, REFUSED } from './quick-action';

const milestones = new NamedRowCache<MilestoneRow>();

const milestoneRef = (title: string) => (/^[\w.-]+$/.test(title) ? `%${title}` : `%"${title}"`);

const entityOf = (m: MilestoneRow) =>
  Object.assign(new Milestone(), {
    id: m.id, iid: m.iid, title: m.title, state: m.state, dueDate: m.due_date, startDate: m.start_date, projectId: m.project_id, groupId: m.group_id,
  });

/**
 * The issue's milestone (REST/page `milestone_id`, GraphQL `milestoneId`, /milestone): a
 * milestone of the project or its groups; null or 0 removes it. A column of the one-statement
 * write: the milestone named is checked in that statement (a guarded sub-select), so a
 * milestone of another project or group writes nothing and answers 400.
 */
export const milestoneField: IssueField<'milestone'> = {
  key: 'milestone',
  params: { milestone_id: optionalIdParam() },
  read: (p) => (p.milestone_id === undefined ? undefined : p.milestone_id === null ? null : { id: p.milestone_id as number }),
  onCreate: 'triager',
  bulk: {
    params: ['milestone_id'],
    // Checked once up front, so a milestone the project may not use changes no issue
    async check(ref, project, m) {
      if (ref && !(await m.query(`${AVAILABLE_MILESTONES_SQL} AND m.id = $3`, [project.id, project.namespaceId, ref.id])).length)
        throw new ValidationError({ milestone_id: [TAXONOMY_ERRORS.milestoneNotFound] });
    },
  },
  graphql: {
    update: [{ name: 'milestoneId', type: () => ID, nullable: true, description: 'ID of the milestone to assign to the issue. On update milestone will be removed if set to null.' }],
    toParams: ({ milestoneId }) =>
      milestoneId === undefined ? {} : { milestone_id: milestoneId === null ? null : (parseGlobalId(milestoneId as string, ['Milestone']) ?? milestoneId) },
  },
  quickActions: {
    names: ['milestone', 'remove_milestone'],
    onCreate: ['milestone', 'remove_milestone'],
    run({ name, arg, lookups, allowed }) {
      const title = milestoneTitle(arg);
      const m = name === 'milestone' ? lookups.milestones?.get(title.toLowerCase()) : null;
      const current = lookups.currentMilestone ?? null;
      if ((name === 'milestone' && (!m || m.id === current?.id)) || (name === 'remove_milestone' && !current) || !allowed(m ? { id: m.id } : null)) return REFUSED;
      return { value: m ? { id: m.id } : null, message: m ? T.milestoneSet(milestoneRef(m.title)) : T.milestoneRemoved(milestoneRef(current!.title)) };
    },
    changes: (ref) => ({ milestone_id: ref?.id ?? null }),
  },
  ability: () => 'admin_issue',
  async resolve(ref, ctx, tx, { fresh }) {
    const id = ref?.id ?? null;
    if (id === null || id === ctx.issue.milestoneId) return null;
    const named = await milestones.resolve(tx, ctx.project, id, availableMilestone, fresh);
    if (!named) throw new ValidationError({ milestone_id: [TAXONOMY_ERRORS.milestoneNotFound] });
    return named;
  },
  plan(ref, current, env, named) {
    const id = ref?.id ?? null;
    if (id === current.milestoneId) return null;
    const n = named as NamedRow<MilestoneRow> | null | undefined;
    if (id !== null && !n) throw new Error('milestone field planned without resolve');
    const m = n?.row ?? null;
    return {
      set: { milestoneId: id },
      notes: [systemNotes.milestone(m)],
      eventFields: { milestone: m ? toApiIssueMilestone(m, env.publicUrl) : null },
      guard: n ? { sql: (param) => milestoneStillSql(n.row, n.project, param), stale: n.stale } : undefined,
      hydration: { milestone: m ? entityOf(m) : null, milestoneOwnerPath: m?.owner_path ?? null },
    };
  },
};
