import { appStore } from '../../shared/store';
import { awardableKey, awardsAtomFamily } from '../awards/awardsAtoms';
import { discussionsAtomFamily } from '../notes/notesAtoms';
import { pendingNotesAtomFamily } from '../notes/pendingNotesAtoms';
import { epicAtomFamily, epicChildrenVersionAtomFamily, epicIssuesVersionAtomFamily, epicSeqAtomFamily } from './epicAtoms';

/** Every family keyed by the epic's key (`groups/<group>#<iid>`). */
const EPIC_KEYED_FAMILIES = [epicAtomFamily, epicSeqAtomFamily, epicIssuesVersionAtomFamily, epicChildrenVersionAtomFamily, discussionsAtomFamily, pendingNotesAtomFamily];

/** Drops an epic's atoms from every family: its own, its discussions', and the awards of it and its notes. */
export function releaseEpicAtoms(key: string, store = appStore): void {
  // Read only what is held: calling a family for a missing key would create the entry
  const held = [...epicAtomFamily.getParams()].includes(key) ? store.get(epicAtomFamily(key)) : null;
  const notes = [...discussionsAtomFamily.getParams()].includes(key) ? (store.get(discussionsAtomFamily(key)) ?? []).flatMap((d) => d.notes) : [];
  for (const n of notes) awardsAtomFamily.remove(awardableKey('Note', n.id));
  if (held) awardsAtomFamily.remove(awardableKey('Epic', held.id));
  for (const family of EPIC_KEYED_FAMILIES) family.remove(key);
}
