import { projectOfMergeRequestStream } from '@tandem/shared-types';
import type { BatchReducers, EventReducers } from '../../realtime/eventRegistry';
import { mergeRequestChangesKey, mergeRequestCommitsKey, mergeRequestPageKey, relatedMergeRequestsKey } from './mergeRequestApi';
import { mergeRequestParticipantsKey } from './mergeRequestPeopleApi';
import { refetchParticipantsFor } from '../sidebar/people/peopleEvents';

/**
 * merge_request.updated: the page reads the merge request again (state, merged by, new commits,
 * its participants); note.created on a merge request: a new commenter is a new participant;
 * issue.merge_requests: an issue's related merge requests changed, its card reads them again
 * (what each viewer may see of them differs).
 */
export const mergeRequestEvents: EventReducers = {
  'merge_request.updated': (e, { queryClient }) => {
    const project = projectOfMergeRequestStream(e.issue.project_path);
    if (project === null) return;
    void queryClient.invalidateQueries({ queryKey: mergeRequestPageKey(project, e.issue.iid) });
    void queryClient.invalidateQueries({ queryKey: mergeRequestCommitsKey(project, e.issue.iid) });
    void queryClient.invalidateQueries({ queryKey: mergeRequestChangesKey(project, e.issue.iid) });
    void queryClient.invalidateQueries({ queryKey: mergeRequestParticipantsKey(project, e.issue.iid) });
  },
  'note.created': (e, { queryClient }) => {
    const project = projectOfMergeRequestStream(e.issue.project_path);
    if (project !== null) refetchParticipantsFor(queryClient, mergeRequestParticipantsKey(project, e.issue.iid), [e]);
  },
  'issue.related_branches': (e, { queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: ['related-branches', e.issue.project_path, e.issue.iid] });
  },
  'issue.merge_requests': (e, { queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: relatedMergeRequestsKey(e.issue.project_path, e.issue.iid) });
  },
};

/** A submitted review's notes: the participants are read again at most once, not once per note. */
export const mergeRequestBatchEvents: BatchReducers = {
  'note.created': (events, { queryClient }) => {
    const project = events[0] ? projectOfMergeRequestStream(events[0].issue.project_path) : null;
    if (project !== null) refetchParticipantsFor(queryClient, mergeRequestParticipantsKey(project, events[0]!.issue.iid), events);
  },
};
