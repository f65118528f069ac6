import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { UserMinus, UserPlus } from 'lucide-react';
import { DISCUSSION_TEXTS, type ApiNote } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
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
  const issue = useAtomValue(issueAtomFamily(issueKey), { store: appStore });
  const [busy, setBusy] = useState(false);
  const author = note.author;
  if (!author || !issue) return null;
  const current = (issue.assignees ?? []).map((a) => a.username);
  const assigned = current.includes(author.username);
  const label = assigned ? DISCUSSION_TEXTS.unassignCommenter : DISCUSSION_TEXTS.assignCommenter;

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
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
      {assigned ? <UserMinus size={14} aria-hidden="true" /> : <UserPlus size={14} aria-hidden="true" />}
    </button>
  );
}
