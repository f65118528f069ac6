import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';
import type { ApiIssue, IssueFieldsChanged, IssuePageData, RealtimeChanges, UserBasic } from '@tandem/shared-types';
import { appStore } from '../../shared/store';

/** Who last edited the title or description, when known (realtime_changes, events, our own save). */
export interface IssueEditInfo {
  last_edited_at?: string;
  last_edited_by?: Pick<UserBasic, 'name' | 'username'> & { web_url?: string };
}

/** The issue as the page holds it: the API shape plus the "Edited … by …" facts. */
export type IssueState = ApiIssue & IssueEditInfo;

export const issueKey = (projectPath: string, iid: number | string) => `${projectPath}#${iid}`;

/** One issue's server state, keyed `${projectPath}#${iid}`; null until the page or a fetch fills it. */
export const issueAtomFamily = atomFamily((key: string) => {
  const a = atom<IssueState | null>(null);
  a.debugLabel = `issueAtom(${key})`;
  return a;
});

/** The last event seq applied to the issue (initialised from PageData.seq). */
export const issueSeqAtomFamily = atomFamily((key: string) => {
  const a = atom<number>(0);
  a.debugLabel = `issueSeqAtom(${key})`;
  return a;
});

/** Rewrites an issue held in the store; an issue not on screen (null) is left alone. */
export function updateIssueAtom(store: typeof appStore, key: string, update: (issue: IssueState) => IssueState): void {
  const a = issueAtomFamily(key);
  const issue = store.get(a);
  if (!issue) return;
  const next = update(issue);
  if (next !== issue) store.set(a, next);
}

const TYPE_UPPER = { issue: 'ISSUE', incident: 'INCIDENT', test_case: 'TEST_CASE' } as const;

/**
 * Applies an `issue.updated` event's fields (the new server state of what changed). Pure and
 * idempotent: applying the same fields twice gives the same issue.
 */
export function applyIssueFields<T extends ApiIssue>(issue: T, fields: IssueFieldsChanged): T {
  const next: T & IssueEditInfo = { ...issue };
  // Every field of the event that the issue has is the new server state; a new field needs no code here
  for (const [key, value] of Object.entries(fields) as Array<[keyof IssueFieldsChanged, unknown]>) {
    if (key in FIELD_SPECIAL) FIELD_SPECIAL[key as keyof typeof FIELD_SPECIAL](next, fields);
    else (next as Record<string, unknown>)[key] = value;
  }
  if ((fields.title !== undefined || fields.description !== undefined) && fields.updated_by) {
    next.last_edited_at = fields.updated_at;
    next.last_edited_by = fields.updated_by;
  }
  return next;
}

/** Event fields that are not a plain copy onto the issue. */
const FIELD_SPECIAL = {
  title_html: () => undefined,
  updated_by: () => undefined,
  task_completion_status: (next: ApiIssue, f: IssueFieldsChanged) => {
    next.task_completion_status = f.task_completion_status!;
    next.has_tasks = f.task_completion_status!.count > 0;
  },
  issue_type: (next: ApiIssue, f: IssueFieldsChanged) => {
    next.issue_type = f.issue_type!;
    next.type = TYPE_UPPER[f.issue_type!];
  },
};

/**
 * Applies a realtime_changes poll. An answer older than what we hold (a socket event or our own
 * save got there first) is ignored, so polling never moves the page backwards.
 */
export function applyRealtimeChanges(issue: IssueState, changes: RealtimeChanges): IssueState {
  if (changes.lock_version < issue.lock_version) return issue;
  const same =
    changes.lock_version === issue.lock_version &&
    changes.title_text === issue.title &&
    changes.description_text === (issue.description ?? '') &&
    changes.state === issue.state &&
    changes.description === issue.description_html &&
    (!changes.updated_at || changes.updated_at === issue.last_edited_at);
  if (same) return issue;
  const next: IssueState = {
    ...issue,
    title: changes.title_text,
    description: changes.description_text,
    description_html: changes.description,
    task_completion_status: changes.task_completion_status,
    has_tasks: changes.task_completion_status.count > 0,
    state: changes.state,
    lock_version: changes.lock_version,
  };
  if (changes.updated_at) {
    next.last_edited_at = changes.updated_at;
    if (changes.updated_by_name) {
      next.last_edited_by = { name: changes.updated_by_name, username: (changes.updated_by_path ?? '').replace(/^\//, ''), web_url: changes.updated_by_path };
    }
  }
  return next;
}

/** Puts the server-embedded issue into the store before the first render (no extra request). */
export function hydrateIssuePage(data: IssuePageData, store = appStore): string {
  const key = issueKey(data.project.path_with_namespace, data.issue.iid);
  if (!store.get(issueAtomFamily(key))) {
    store.set(issueAtomFamily(key), data.issue);
    store.set(issueSeqAtomFamily(key), data.seq);
  }
  return key;
}
