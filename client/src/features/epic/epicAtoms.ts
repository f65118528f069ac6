import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';
import { epicStreamPath, type ApiEpic, type EpicFieldsChanged } from '@tandem/shared-types';
import type { appStore } from '../../shared/store';

/** An epic's stream key, as its events name it (`groups/<group>#<iid>`, like an issue's `${projectPath}#${iid}`). */
export const epicKey = (groupPath: string, iid: number | string) => `${epicStreamPath(groupPath)}#${iid}`;

/** One epic's server state on its page; null until the page data is in. */
export const epicAtomFamily = atomFamily((key: string) => {
  const a = atom<ApiEpic | null>(null);
  a.debugLabel = `epicAtom(${key})`;
  return a;
});

/** The last event seq applied to the epic (from EpicPageData.seq). */
export const epicSeqAtomFamily = atomFamily((key: string) => {
  const a = atom(0);
  a.debugLabel = `epicSeqAtom(${key})`;
  return a;
});

/** Bumped when the epic's issues changed (an issue added or removed): the page refetches them. */
export const epicIssuesVersionAtomFamily = atomFamily((key: string) => {
  const a = atom(0);
  a.debugLabel = `epicIssuesVersionAtom(${key})`;
  return a;
});

/** Bumped when the epic's child epics changed (one added, created or removed): its tree refetches. */
export const epicChildrenVersionAtomFamily = atomFamily((key: string) => {
  const a = atom(0);
  a.debugLabel = `epicChildrenVersionAtom(${key})`;
  return a;
});

/** The epic with an `epic.updated` event's new values (applying one twice changes nothing). */
export function applyEpicFields(epic: ApiEpic, f: EpicFieldsChanged): ApiEpic {
  return {
    ...epic,
    ...(f.title !== undefined ? { title: f.title } : {}),
    ...(f.description !== undefined ? { description: f.description } : {}),
    ...(f.description_html !== undefined ? { description_html: f.description_html } : {}),
    ...(f.state !== undefined ? { state: f.state } : {}),
    ...(f.confidential !== undefined ? { confidential: f.confidential } : {}),
    ...(f.start_date !== undefined ? { start_date: f.start_date } : {}),
    ...(f.end_date !== undefined ? { end_date: f.end_date, due_date: f.end_date } : {}),
    ...(f.lock_version !== undefined ? { lock_version: f.lock_version } : {}),
    updated_at: f.updated_at,
  };
}

export function updateEpicAtom(store: typeof appStore, key: string, update: (e: ApiEpic) => ApiEpic): void {
  const a = epicAtomFamily(key);
  const e = store.get(a);
  if (e) store.set(a, update(e));
}
