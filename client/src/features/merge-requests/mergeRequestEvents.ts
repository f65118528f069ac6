import { projectOfMergeRequestStream } from '@tandem/shared-types';
import type { BatchReducers, EventReducers } from '../../realtime/eventRegistry';
import { mergeRequestChangesKey, mergeRequestCommitsKey, mergeRequestPageKey, relatedMergeRequestsKey } from './mergeRequestApi';
import { mergeRequestParticipantsKey } from './mergeRequestPeopleApi';

/**
 * merge_request.updated: the page reads the merge request again (state, merged by, new commits,
 * its participants); note.created on a merge request: a new commenter may be a new participant;
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
    if (project !== null) void queryClient.invalidateQueries({ queryKey: mergeRequestParticipantsKey(project, e.issue.iid) });
  },
  'issue.related_branches': (e, { queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: ['related-branches', e.issue.project_path, e.issue.iid] });
  },
  'issue.merge_requests': (e, { queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: relatedMergeRequestsKey(e.issue.project_path, e.issue.iid) });
  },
};

/** A submitted review's notes: the participants are read again once, not once per note. */
export const mergeRequestBatchEvents: BatchReducers = {
  'note.created': (events, ctx) => {
    if (events[0]) mergeRequestEvents['note.created']!(events[0], ctx);
  },
};
