import { useCallback, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { EPIC_TEXTS, epicNoteablePaths, epicStreamPath, type ApiEpic, type ApiNote, type EpicPageData } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { Alert } from '../../shared/ui/Alert';
import { AwardsBar } from '../awards/AwardsBar';
import { NoteAwardsBar } from '../awards/NoteAwardsBar';
import { DiscussionArea, type DiscussionNoteable } from '../notes/DiscussionArea';
import { currentUserAtom } from '../session/sessionAtoms';
import { epicAtomFamily } from './epicAtoms';
import { setEpicState } from './epicQueries';

/** The epic as the shared discussion area takes it (epics do not lock; comment boxes preview without a project, attach and autocomplete for the group). */
export function epicDiscussionNoteable(data: EpicPageData, key: string, groupPath: string, epic: ApiEpic): DiscussionNoteable {
  return {
    type: 'Epic', key, path: groupPath, editorProjectPath: null, iid: epic.iid, id: epic.id, state: epic.state, confidential: epic.confidential,
    discussionLocked: false, authorId: epic.author?.id ?? null, permissions: data.permissions, notesData: data.notesData, lastFetchedAt: data.lastFetchedAt,
  };
}

/**
 * The epic page's reactions and activity: the awards bar of the epic and the same discussion
 * area as an issue's (comments, threads, replies, resolving, reactions on notes, filters),
 * live through the epic's stream; the form's close/reopen button closes the epic.
 */
export function EpicDiscussion({ data, epicKey, groupPath }: { data: EpicPageData; epicKey: string; groupPath: string }) {
  const epic = useAtomValue(epicAtomFamily(epicKey), { store: appStore })!;
  const currentUser = useAtomValue(currentUserAtom, { store: appStore });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const paths = useMemo(() => epicNoteablePaths(groupPath, epic.iid, epic.id), [groupPath, epic.iid, epic.id]);
  const streamPath = epicStreamPath(groupPath);
  // The page's right to react decides (a comment that arrived live carries no viewer flags)
  const canAward = data.permissions.canAwardEmoji;
  const renderAwards = useCallback(
    (note: ApiNote) => <NoteAwardsBar note={note} projectPath={streamPath} iid={epic.iid} issueId={epic.id} canAward={canAward} />,
    [streamPath, epic.iid, epic.id, canAward],
  );
  const toggle = async (e: 'CLOSE' | 'REOPEN') => {
    setBusy(true);
    setError(null);
    const done = await setEpicState(groupPath, epic.iid, e === 'CLOSE' ? 'close' : 'reopen').catch(() => null);
    setBusy(false);
    if (!done) setError(EPIC_TEXTS.stateFailed(e === 'CLOSE'));
  };
  return (
    <>
      <AwardsBar awardableType="Epic" awardableId={epic.id} awards={data.awards} canAward={data.permissions.canAwardEmoji} toggleUrl={paths.issueAward} currentUser={currentUser} />
      {error && (
        <Alert variant="danger" onDismiss={() => setError(null)} testId="epic-state-error">
          {error}
        </Alert>
      )}
      <DiscussionArea noteable={epicDiscussionNoteable(data, epicKey, groupPath, epic)} stateToggle={{ busy, toggle }} renderAwards={renderAwards} />
    </>
  );
}
