import { useAtomValue } from 'jotai';
import { streamNoteablePaths, type ApiNote } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { currentUserAtom } from '../session/sessionAtoms';
import { AwardsBar } from './AwardsBar';

interface NoteAwardsBarProps {
  note: ApiNote;
  projectPath: string;
  iid: number;
  /** The noteable's database id (noteablePaths). */
  issueId: number;
  /** The page's live right to react here (the lock state now); false hides the controls whatever the note said. */
  canAward?: boolean;
}

/**
 * The awards bar of one note, for the notes feature to render under each comment: seeded from
 * the note's award_emoji, live through awardsAtomFamily('Note:<id>'). System notes have none.
 */
export function NoteAwardsBar({ note, projectPath, iid, issueId, canAward = true }: NoteAwardsBarProps) {
  const currentUser = useAtomValue(currentUserAtom, { store: appStore });
  if (note.system || !note.emoji_awardable) return null;
  return (
    <AwardsBar
      awardableType="Note"
      awardableId={note.id}
      awards={note.award_emoji ?? []}
      canAward={!!currentUser && canAward && (note.current_user?.can_award_emoji ?? false)}
      toggleUrl={streamNoteablePaths(projectPath, iid, issueId).noteAward(note.id)}
      currentUser={currentUser}
    />
  );
}
