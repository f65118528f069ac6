import { streamNoteablePaths, type ApiNote } from '@tandem/shared-types';
import { currentUserAtom } from '../session/sessionAtoms';
import { AwardsBar } from './AwardsBar';
import { useStoreValue } from '../../shared/useStoreValue';

interface NoteAwardsBarProps {
  note: ApiNote;
  projectPath: string;
  iid: number;
  /** The noteable's database id (noteablePaths). */
  issueId: number;
  /**
   * The page's live right to react here (the lock state now). When given it decides: the note's
   * own `current_user.can_award_emoji` is the same right as it stood when the note was loaded
   * (for a note the viewer can read it varies only with the lock), so a lock or an unlock after
   * loading must not be overruled by it. Without it, the note's flag decides.
   */
  canAward?: boolean;
}

/**
 * The awards bar of one note, for the notes feature to render under each comment: seeded from
 * the note's award_emoji, live through awardsAtomFamily('Note:<id>'). System notes have none.
 */
export function NoteAwardsBar({ note, projectPath, iid, issueId, canAward }: NoteAwardsBarProps) {
  const currentUser = useStoreValue(currentUserAtom);
  if (note.system || !note.emoji_awardable) return null;
  return (
    <AwardsBar
      awardableType="Note"
      awardableId={note.id}
      awards={note.award_emoji ?? []}
      canAward={!!currentUser && (canAward ?? note.current_user?.can_award_emoji ?? false)}
      toggleUrl={streamNoteablePaths(projectPath, iid, issueId).noteAward(note.id)}
      currentUser={currentUser}
    />
  );
}
