import type { ApiIssue } from '@tandem/shared-types';

const alice = { id: 1, username: 'alice', name: 'Alice Adams', state: 'active', locked: false, avatar_url: null, web_url: 'http://x/alice' };

/** A complete ApiIssue for unit tests. */
export function makeIssue(over: Partial<ApiIssue> = {}): ApiIssue {
  return {
    id: 100,
    iid: 1,
    project_id: 1,
    title: 'Title',
    description: 'Description',
    state: 'opened',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    closed_at: null,
    closed_by: null,
    labels: [],
    milestone: null,
    epic: null,
    epic_iid: null,
    assignees: [],
    assignee: null,
    author: alice,
    type: 'ISSUE',
    issue_type: 'issue',
    user_notes_count: 0,
    merge_requests_count: 0,
    upvotes: 0,
    downvotes: 0,
    due_date: null,
    weight: null,
    confidential: false,
    discussion_locked: false,
    web_url: 'http://localhost/g/p/-/issues/1',
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    task_completion_status: { count: 0, completed_count: 0 },
    has_tasks: false,
    references: { short: '#1', relative: '#1', full: 'g/p#1' },
    _links: { self: '', notes: '', award_emoji: '', project: '' },
    subscribed: false,
    moved_to_id: null,
    lock_version: 0,
    description_html: '<p>Description</p>',
    ...over,
  };
}
