import { MERGE_REQUEST_STATE_LABELS } from './merge-requests';

/** A project's merge request list (GitLab's /-/merge_requests): its tabs, GitLab's REST `state` each asks for. */
export const MERGE_REQUEST_LIST_TABS = [
  { state: 'opened', title: 'Open' },
  { state: 'merged', title: 'Merged' },
  { state: 'closed', title: 'Closed' },
  { state: 'all', title: 'All' },
] as const;
export type MergeRequestListState = (typeof MERGE_REQUEST_LIST_TABS)[number]['state'];

export const MERGE_REQUEST_LIST_TEXTS = {
  listTitle: 'Merge requests',
  tabsLabel: 'Merge request state',
  loading: 'Loading merge requests…',
  listFailed: 'Merge requests could not be loaded.',
  /** An empty tab without a search, by tab. */
  empty: {
    opened: 'There are no open merge requests',
    merged: 'There are no merged merge requests',
    closed: 'There are no closed merge requests',
    all: 'There are no merge requests',
  } satisfies Record<MergeRequestListState, string>,
  /** A search that matched nothing. */
  noMatch: 'No merge requests match your search',
  /** A row's state badge (shown outside the Open tab). */
  state: MERGE_REQUEST_STATE_LABELS,
  branches: (source: string, target: string) => `${source} → ${target}`,
  assignedTo: (names: string[]) => `Assigned to ${names.join(', ')}`,
  reviewers: (names: string[]) => `Review requested from ${names.join(', ')}`,
} as const;
