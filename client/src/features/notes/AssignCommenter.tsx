import { useState } from 'react';
import { DISCUSSION_TEXTS, type ApiNote } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { spriteIcon } from '../../shared/ui/Icon';
import { useStoreSelector } from '../../shared/useStoreValue';
import { issueAtomFamily, updateIssueAtom } from '../issue/issueAtoms';
import { setAssignees } from '../sidebar/people/peopleApi';
import { useNotesContext } from './NotesContext';

/**
 * "Assign to commenting user" / "Unassign from commenting user" on a note (spec §6): adds the
 * note's author to the issue's assignees or takes them off, through the sidebar's own
 * mutation (issueSetAssignees), so the sidebar and every open page follow. Offered to viewers
 * who may assign (admin_issue), on issues only.
 */
export function AssignCommenter({ note }: { note: ApiNote }) {
  const { issueKey, projectPath, iid, setError } = useNotesContext();
  const author = note.author;
  // Whether the author is assigned (null before the issue is known): the issue changes at every comment, this rarely
  const assigned = useStoreSelector(issueAtomFamily(issueKey), (issue) => (issue ? (issue.assignees ?? []).some((a) => a.username === author?.username) : null));
  const [busy, setBusy] = useState(false);
  if (!author || assigned === null) return null;
  const label = assigned ? DISCUSSION_TEXTS.unassignCommenter : DISCUSSION_TEXTS.assignCommenter;

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      const current = (appStore.get(issueAtomFamily(issueKey))?.assignees ?? []).map((a) => a.username);
      const res = await setAssignees(projectPath, iid, assigned ? current.filter((u) => u !== author!.username) : [...current, author!.username]);
      if (res.errors.length || !res.assignees) throw new Error(res.errors.join(' '));
      const next = res.assignees;
      updateIssueAtom(appStore, issueKey, (i) => ({ ...i, assignees: next, assignee: next[0] ?? null }));
    } catch {
      setError(DISCUSSION_TEXTS.updateAssigneesFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="btn btn--icon btn--tertiary" aria-label={label} title={label} disabled={busy} onClick={() => void toggle()}>
      {spriteIcon(assigned ? 'user-minus' : 'user-plus', 14)}
    </button>
  );
}
