import { TAXONOMY_ERRORS } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { availableMilestone, toApiIssueMilestone } from '../../milestone/milestone.queries';
import { systemNotes } from '../../note/system-notes';
import { fieldsEvent, type IssueField } from './issue-field';
import { optionalIdParam } from './params';

/**
 * The issue's milestone (REST/page `milestone_id`, GraphQL `milestoneId`, /milestone): a
 * milestone of the project or its groups; null or 0 removes it. It reads the milestone it
 * names, so it writes in the transaction and sends its own issue.updated fields.
 */
export const milestoneField: IssueField<'milestone'> = {
  key: 'milestone',
  params: { milestone_id: optionalIdParam() },
  read: (p) => (p.milestone_id === undefined ? undefined : p.milestone_id === null ? null : { id: p.milestone_id as number }),
  ability: () => 'admin_issue',
  async write(ref, tx, ctx, env) {
    const id = ref?.id ?? null;
    if (id === ctx.issue.milestoneId) return null;
    const m = id === null ? null : await availableMilestone(tx, ctx.project, id);
    if (id !== null && !m) throw new ValidationError({ milestone_id: [TAXONOMY_ERRORS.milestoneNotFound] });
    await tx.query('issue.set-milestone', 'UPDATE issues SET milestone_id = $2 WHERE id = $1', [ctx.issue.id, id]);
    return { notes: [systemNotes.milestone(m)], events: [fieldsEvent({ milestone: m ? toApiIssueMilestone(m, env.publicUrl) : null })] };
  },
};
