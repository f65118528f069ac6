import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AnyRealtimeEvent } from '@tandem/shared-types';
import type { BatchReducers, EventReducers } from '../../../realtime/eventRegistry';
import { issuePeopleKey } from './peopleApi';

type NoteCreated = Extract<AnyRealtimeEvent, { type: 'note.created' }>;

/**
 * A new comment brings a new participant only when its author is not one yet (participants are
 * the noteable's own people and the authors of its comments): the participants read under
 * `key` is refetched for a comment whose author no loaded read lists. Every watcher refetching
 * at every comment cost each open page a request and a render per comment.
 */
export function refetchParticipantsFor(queryClient: QueryClient, key: QueryKey, notes: readonly NoteCreated[]): void {
  const authors = new Set(notes.filter((e) => !e.payload.note.system).map((e) => e.payload.note.author?.username ?? null));
  if (!authors.size) return;
  const known = new Set(queryClient.getQueriesData<{ participants?: { username: string }[] }>({ queryKey: key }).flatMap(([, d]) => (d?.participants ?? []).map((p) => p.username)));
  if ([...authors].every((a) => a !== null && known.has(a))) return;
  void queryClient.invalidateQueries({ queryKey: key });
}

/** A new comment may bring a new participant: the participants read is refetched when it does. */
export const peopleEvents: EventReducers = {
  'note.created': (e, { queryClient }) => refetchParticipantsFor(queryClient, issuePeopleKey(e.issue.project_path, e.issue.iid), [e]),
};

/** A batch of notes (a submitted review): at most one refetch of the participants. */
export const peopleBatchEvents: BatchReducers = {
  'note.created': (events, { queryClient }) => {
    const first = events[0];
    if (first) refetchParticipantsFor(queryClient, issuePeopleKey(first.issue.project_path, first.issue.iid), events);
  },
};
