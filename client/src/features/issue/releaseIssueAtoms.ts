import { appStore } from '../../shared/store';
import { awardableKey, awardsAtomFamily } from '../awards/awardsAtoms';
import { discussionsAtomFamily } from '../notes/notesAtoms';
import { pendingNotesAtomFamily } from '../notes/pendingNotesAtoms';
import { presenceActivityAtomFamily, presenceAtomFamily } from '../presence/presenceAtoms';
import { publishedIncidentUrlAtomFamily } from '../status-page/statusPageAtoms';
import { issueErrorStateAtomFamily } from '../error-tracking/errorTrackingAtoms';
import { issueAtomFamily, issueSeqAtomFamily } from './issueAtoms';

/** Every family keyed by the issue's key (`${projectPath}#${iid}`). */
const ISSUE_KEYED_FAMILIES = [issueAtomFamily, issueSeqAtomFamily, discussionsAtomFamily, pendingNotesAtomFamily, presenceAtomFamily, presenceActivityAtomFamily, publishedIncidentUrlAtomFamily, issueErrorStateAtomFamily];

/** Drops an issue's atoms from every family: its own, its discussions', and the awards of it and its notes. */
export function releaseIssueAtoms(key: string, store = appStore): void {
  // Read only what is held: calling a family for a missing key would create the entry
  const held = [...issueAtomFamily.getParams()].includes(key) ? store.get(issueAtomFamily(key)) : null;
  const notes = [...discussionsAtomFamily.getParams()].includes(key) ? (store.get(discussionsAtomFamily(key)) ?? []).flatMap((d) => d.notes) : [];
  for (const n of notes) awardsAtomFamily.remove(awardableKey('Note', n.id));
  if (held) awardsAtomFamily.remove(awardableKey('Issue', held.id));
  for (const family of ISSUE_KEYED_FAMILIES) family.remove(key);
}
