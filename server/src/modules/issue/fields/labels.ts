import { GraphQLError } from 'graphql';
import { ID } from '@nestjs/graphql';
import { onePerScope, QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { parseGlobalId } from '../../../core/graphql/global-id';
import { LABEL_GID_TYPES } from '../../label/label.graphql-types';
import { labelForEvent, type LabelRow } from '../../label/label.service';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import type { LabelRef, LabelsChange } from './issue-input';
import { idListParam, nameListParam } from './params';
import { labelRefs, REFUSED } from './quick-action';

/** Titles (GitLab's REST) and ids (the page, bulk update, GraphQL) as one list of references; undefined when neither was sent. */
const refs = (titles: unknown, ids: unknown): LabelRef[] | undefined =>
  titles === undefined && ids === undefined ? undefined : [...((titles as string[] | undefined) ?? []).map((title) => ({ title })), ...((ids as number[] | undefined) ?? []).map((id) => ({ id }))];

/** Label global ids (or bare numbers) as ids; malformed ones are ignored, as GitLab ignores unknown labels. */
const gidsToIds = (gids: unknown): number[] =>
  ((gids as string[] | null) ?? []).map((g) => parseGlobalId(g, LABEL_GID_TYPES) ?? (/^\d{1,10}$/.test(g) ? Number(g) : null)).filter((n): n is number => n !== null);

const labelRef = (title: string) => `~"${title.replace(/"/g, '')}"`;
const sameLabel = (id: number) => (r: LabelRef) => 'id' in r && r.id === id;

/**
 * Labels: REST sends titles (`labels`, or `add_labels`/`remove_labels`), the page, the bulk
 * form and GraphQL send ids (`label_ids`, `add_label_ids`, `remove_label_ids`; GitLab's form names).
 */
export const labelsField: IssueField<'labels'> = {
  key: 'labels',
  params: {
    labels: nameListParam(),
    add_labels: nameListParam(),
    remove_labels: nameListParam(),
    label_ids: idListParam(),
    add_label_ids: idListParam(),
    remove_label_ids: idListParam(),
  },
  read: (p) => {
    const set = refs(p.labels, p.label_ids);
    const add = refs(p.add_labels, p.add_label_ids);
    const remove = refs(p.remove_labels, p.remove_label_ids);
    if (set === undefined && add === undefined && remove === undefined) return undefined;
    if (set !== undefined && (add !== undefined || remove !== undefined)) throw new ValidationError({ labels: ['is mutually exclusive with add_labels and remove_labels'] });
    return { set, add, remove };
  },
  onCreate: 'triager',
  bulk: { params: ['add_label_ids', 'remove_label_ids'] },
  graphql: {
    update: [
      { name: 'labelIds', type: () => [ID], nullable: true, description: 'IDs of labels to be set. Replaces existing issue labels.' },
      { name: 'addLabelIds', type: () => [ID], nullable: true },
      { name: 'removeLabelIds', type: () => [ID], nullable: true },
    ],
    create: [{ name: 'labels', type: () => [String], nullable: true, description: 'Labels (titles) of the issue.' }],
    toParams: ({ labelIds, addLabelIds, removeLabelIds, labels }) => {
      if (labelIds !== undefined && (addLabelIds !== undefined || removeLabelIds !== undefined))
        throw new GraphQLError('labelIds is mutually exclusive with any of addLabelIds or removeLabelIds', { extensions: { code: 'BAD_USER_INPUT' } });
      // By id: a project label cannot shadow the group label the client picked
      return {
        ...(labels != null ? { labels } : {}),
        ...(labelIds !== undefined ? { label_ids: gidsToIds(labelIds) } : {}),
        ...(addLabelIds !== undefined ? { add_label_ids: gidsToIds(addLabelIds) } : {}),
        ...(removeLabelIds !== undefined ? { remove_label_ids: gidsToIds(removeLabelIds) } : {}),
      };
    },
  },
  quickActions: {
    names: ['label', 'unlabel', 'relabel'],
    onCreate: ['label'],
    run({ name, arg, state, lookups, allowed }) {
      const titles = labelRefs(arg);
      const found = titles.map((t) => lookups.labels.get(t.toLowerCase())).filter((l): l is { id: number; title: string } => !!l);
      const unique = [...new Map(found.map((l) => [l.id, l])).values()];
      const removeAll = name === 'unlabel' && !titles.length;
      if ((!unique.length && !removeAll) || !allowed({})) return REFUSED;
      const named = unique.map((l) => ({ id: l.id }));
      const before = state.input.labels;
      let next: LabelsChange;
      if (name === 'relabel' || removeAll) next = { set: named };
      else if (before?.set) {
        const others = before.set.filter((r) => !unique.some((l) => sameLabel(l.id)(r)));
        next = { set: name === 'label' ? [...others, ...named] : others };
      } else {
        // Commands so far, in order: a label added then removed is only removed (and the reverse)
        let add = [...(before?.add ?? [])];
        let remove = [...(before?.remove ?? [])];
        for (const l of unique) {
          if (name === 'label') {
            if (!add.some(sameLabel(l.id))) add.push({ id: l.id });
            remove = remove.filter((r) => !sameLabel(l.id)(r));
          } else {
            if (!remove.some(sameLabel(l.id))) remove.push({ id: l.id });
            add = add.filter((r) => !sameLabel(l.id)(r));
          }
        }
        next = { add, remove };
      }
      const shown = unique.map((l) => labelRef(l.title));
      return { value: next, message: removeAll ? T.allLabelsRemoved : name === 'label' ? T.labelsAdded(shown) : name === 'unlabel' ? T.labelsRemoved(shown) : T.labelsReplaced(shown) };
    },
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
