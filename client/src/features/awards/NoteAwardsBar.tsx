import { useAtomValue } from 'jotai';
import { noteablePaths, type ApiNote } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { currentUserAtom } from '../session/sessionAtoms';
import { AwardsBar } from './AwardsBar';

interface NoteAwardsBarProps {
  note: ApiNote;
  projectPath: string;
  iid: number;
  /** The issue's database id (noteablePaths). */
  issueId: number;
}

/**
 * The awards bar of one note, for the notes feature to render under each comment: seeded from
 * the note's award_emoji, live through awardsAtomFamily('Note:<id>'). System notes have none.
 */
export function NoteAwardsBar({ note, projectPath, iid, issueId }: NoteAwardsBarProps) {
  const currentUser = useAtomValue(currentUserAtom, { store: appStore });
  if (note.system || !note.emoji_awardable) return null;
  return (
    <AwardsBar
      awardableType="Note"
      awardableId={note.id}
      awards={note.award_emoji ?? []}
      canAward={!!currentUser && (note.current_user?.can_award_emoji ?? false)}
      toggleUrl={noteablePaths(projectPath, iid, issueId).noteAward(note.id)}
      currentUser={currentUser}
    />
  );
}
