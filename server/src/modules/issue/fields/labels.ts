import { onePerScope } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { labelForEvent, type LabelRow } from '../../label/label.service';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import type { LabelRef, LabelsChange } from './issue-input';
import { nameListParam } from './params';

const titles = (v: unknown): LabelRef[] | undefined => (Array.isArray(v) ? (v as string[]).map((title) => ({ title })) : undefined);

/** Labels: REST sends titles (`labels`, or `add_labels`/`remove_labels`), GraphQL and the page send ids. */
export const labelsField: IssueField<'labels'> = {
  key: 'labels',
  params: { labels: nameListParam(), add_labels: nameListParam(), remove_labels: nameListParam() },
  read: (p) => {
    if (p.labels === undefined && p.add_labels === undefined && p.remove_labels === undefined) return undefined;
    if (p.labels !== undefined && (p.add_labels !== undefined || p.remove_labels !== undefined))
      throw new ValidationError({ labels: ['is mutually exclusive with add_labels and remove_labels'] });
    return { set: titles(p.labels), add: titles(p.add_labels), remove: titles(p.remove_labels) };
  },
  ability: () => 'admin_issue',
  async write(change: LabelsChange, tx, ctx, env) {
    const resolve = async (refs: LabelRef[] | undefined, create: boolean): Promise<LabelRow[]> => {
      if (!refs?.length) return [];
      const ids = refs.flatMap((r) => ('id' in r ? [r.id] : []));
      const names = refs.flatMap((r) => ('title' in r ? [r.title] : []));
      return [...(await env.labels.availableByIds(tx, ctx.project, ids)), ...(await env.labels.byTitles(tx, ctx.project, names, { create }))];
    };
    const current = await env.labels.ofIssue(tx, ctx.issue.id);
    // One label per scope: a scoped label added replaces its siblings of the same scope (for every API and /label)
    let kept: LabelRow[];
    if (change.set) kept = onePerScope([], await resolve(change.set, true));
    else {
      const removed = new Set((await resolve(change.remove, false)).map((l) => l.id));
      const added = (await resolve(change.add, true)).filter((l) => !removed.has(l.id));
      kept = onePerScope(current.filter((l) => !removed.has(l.id)), added);
    }
    const next = new Map<number, LabelRow>(kept.map((l) => [l.id, l]));
    const added = [...next.values()].filter((l) => !current.some((c) => c.id === l.id));
    const removed = current.filter((c) => !next.has(c.id));
    if (!added.length && !removed.length) return null;
    await env.labels.setOnIssue(tx, ctx.issue.id, [...next.keys()]);
    const labels = [...next.values()].sort((a, b) => a.title.localeCompare(b.title)).map(labelForEvent);
    return { notes: [systemNotes.labels(added, removed)], events: [{ type: 'issue.labels', payload: () => ({ labels }) }] };
  },
};
