import type { EventReducers } from '../../realtime/eventRegistry';
import { applyEpicFields, epicChildrenVersionAtomFamily, epicIssuesVersionAtomFamily, updateEpicAtom } from './epicAtoms';

/** The epic page's live reducers: `epic.updated` carries the new field values (and says when its issues, its child epics or anything below them changed). */
export const epicEvents: EventReducers = {
  'epic.updated': (e, { store }) => {
    const key = `${e.issue.project_path}#${e.issue.iid}`;
    updateEpicAtom(store, key, (epic) => applyEpicFields(epic, e.payload.fields));
    if (e.payload.fields.issues_changed) store.set(epicIssuesVersionAtomFamily(key), (v) => v + 1);
    // a change at any level below reaches this epic as descendants_changed: every opened level refetches
    if (e.payload.fields.children_changed || e.payload.fields.descendants_changed) store.set(epicChildrenVersionAtomFamily(key), (v) => v + 1);
  },
};
