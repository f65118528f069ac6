import { TAXONOMY_ERRORS } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { Milestone } from '../../milestone/milestone.entity';
import { availableMilestone, milestoneStillSql, toApiIssueMilestone, type MilestoneRow } from '../../milestone/milestone.queries';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { NamedRowCache, type NamedRow } from './named-row-cache';
import { optionalIdParam } from './params';

const milestones = new NamedRowCache<MilestoneRow>();

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
