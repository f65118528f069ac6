import { TAXONOMY_ERRORS } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { availableIteration, toApiIssueIteration } from '../../iteration/iteration.queries';
import { systemNotes } from '../../note/system-notes';
import { fieldsEvent, type IssueField } from './issue-field';
import { optionalIdParam } from './params';

/** The issue's iteration (REST/page `iteration_id`, GraphQL issueSetIteration): one of the project's groups' iterations; null removes. */
export const iterationField: IssueField<'iteration'> = {
  key: 'iteration',
  params: { iteration_id: optionalIdParam() },
  read: (p) => (p.iteration_id === undefined ? undefined : p.iteration_id === null ? null : { id: p.iteration_id as number }),
  ability: () => 'admin_issue',
  async write(ref, tx, ctx, env) {
    const id = ref?.id ?? null;
    if (id === ctx.issue.iterationId) return null;
    const it = id === null ? null : await availableIteration(tx, ctx.project, id);
    if (id !== null && !it) throw new ValidationError({ iteration_id: [TAXONOMY_ERRORS.iterationNotFound] });
    await tx.query('issue.set-iteration', 'UPDATE issues SET iteration_id = $2 WHERE id = $1', [ctx.issue.id, id]);
    const api = it ? toApiIssueIteration(it, env.publicUrl) : null;
    return { notes: [systemNotes.iteration(api ? { title: api.title ?? `${api.iteration_cadence.title} ${api.start_date}` } : null)], events: [fieldsEvent({ iteration: api })] };
  },
};
