import type { EventReducers } from '../../realtime/eventRegistry';
import { applyEpicFields, epicChildrenVersionAtomFamily, epicIssuesVersionAtomFamily, updateEpicAtom } from './epicAtoms';

/** The epic page's live reducers: `epic.updated` carries the new field values (and says when its issues or child epics changed). */
export const epicEvents: EventReducers = {
  'epic.updated': (e, { store }) => {
    const key = `${e.issue.project_path}#${e.issue.iid}`;
    updateEpicAtom(store, key, (epic) => applyEpicFields(epic, e.payload.fields));
    if (e.payload.fields.issues_changed) store.set(epicIssuesVersionAtomFamily(key), (v) => v + 1);
    if (e.payload.fields.children_changed) store.set(epicChildrenVersionAtomFamily(key), (v) => v + 1);
  },
};
