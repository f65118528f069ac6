import { QUICK_ACTION_TEXTS as T, TAXONOMY_ERRORS } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { AVAILABLE_ITERATIONS_SQL, availableIteration, iterationStillSql, toApiIssueIteration, type IterationRow } from '../../iteration/iteration.queries';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { NamedRowCache, type NamedRow } from './named-row-cache';
import { optionalIdParam } from './params';
import { iterationRef, REFUSED } from './quick-action';

const iterations = new NamedRowCache<IterationRow>();

/**
 * The issue's iteration (REST/page `iteration_id`, GraphQL issueSetIteration): one of the
 * project's groups' iterations; null removes. A column of the one-statement write, the
 * iteration checked in that statement (a guarded sub-select).
 */
export const iterationField: IssueField<'iteration'> = {
  key: 'iteration',
  params: { iteration_id: optionalIdParam() },
  read: (p) => (p.iteration_id === undefined ? undefined : p.iteration_id === null ? null : { id: p.iteration_id as number }),
  onCreate: 'triager',
  quickActions: {
    names: ['iteration'],
    onCreate: ['iteration'],
    run({ arg, state, lookups, allowed }) {
      const ref = iterationRef(arg);
      const found = !ref ? undefined : 'id' in ref ? lookups.iterations?.find((i) => i.id === ref.id) : lookups.iterations?.find((i) => i.title?.toLowerCase() === ref.title.toLowerCase());
      if (!found || found.id === state.issue.iterationId || !allowed({ id: found.id })) return REFUSED;
      state.issue.iterationId = found.id;
      return { value: { id: found.id }, message: T.iterationSet(found.title ? `*iteration:"${found.title}"` : `*iteration:${found.id}`) };
    },
    changes: (ref) => ({ iteration_id: ref?.id ?? null }),
  },
  bulk: {
    params: ['iteration_id'],
    // Checked once up front (as the milestone), so an iteration the project may not use changes no issue
    async check(ref, project, m) {
      if (ref && !(await m.query(`${AVAILABLE_ITERATIONS_SQL} AND it.id = $2`, [project.namespaceId, ref.id])).length)
        throw new ValidationError({ iteration_id: [TAXONOMY_ERRORS.iterationNotFound] });
    },
  },
  ability: () => 'admin_issue',
  async resolve(ref, ctx, tx, { fresh }) {
    const id = ref?.id ?? null;
    if (id === null || id === ctx.issue.iterationId) return null;
    const named = await iterations.resolve(tx, ctx.project, id, availableIteration, fresh);
    if (!named) throw new ValidationError({ iteration_id: [TAXONOMY_ERRORS.iterationNotFound] });
    return named;
  },
  plan(ref, current, env, named) {
    const id = ref?.id ?? null;
    if (id === current.iterationId) return null;
    const n = named as NamedRow<IterationRow> | null | undefined;
    if (id !== null && !n) throw new Error('iteration field planned without resolve');
    const api = n ? toApiIssueIteration(n.row, env.publicUrl) : null;
    return {
      set: { iterationId: id },
      notes: [systemNotes.iteration(api ? { title: api.title ?? `${api.iteration_cadence.title} ${api.start_date}` } : null)],
      eventFields: { iteration: api },
      guard: n ? { sql: (param) => iterationStillSql(n.row, n.project, param), stale: n.stale } : undefined,
      hydration: { iteration: n?.row ?? null },
    };
  },
};
