import { z } from 'zod';
import { VALIDATION } from '@tandem/shared-types';
import { parseInput } from '../../core/http/zod-input';
import { boolParam, enumParam, idListParam, nameListParam, oneOfParam, optionalIdParam, textParam } from '../issue/fields/params';
import { parseLockVersion } from '../issue/issue.validation';
import type { MergeRequestFilter } from './merge-request.store';

/** A branch name as the API takes it (git's own rules are checked by the repository port). */
const branchParam = (required: boolean) =>
  z.unknown().transform((v, ctx): string | null => {
    if (v === null || v === undefined || v === '') {
      if (required) ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION.required });
      return null;
    }
    if (typeof v !== 'string') {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION.notString });
      return z.NEVER;
    }
    if (v.length > 255) ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION.tooLong(255) });
    if (v.includes('\u0000')) ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION.nulCharacter });
    return v.trim();
  });

const editable = {
  title: textParam(255, { required: true }),
  description: textParam(1_048_576),
  target_branch: branchParam(true),
  assignee_id: optionalIdParam(),
  assignee_ids: idListParam(),
  labels: nameListParam(),
  reviewer_ids: idListParam(),
  milestone_id: optionalIdParam(),
  remove_source_branch: boolParam(),
  squash: boolParam(),
  discussion_locked: boolParam(),
  allow_collaboration: boolParam(),
  allow_maintainer_to_push: boolParam(),
};

const create = z.object({ ...editable, source_branch: branchParam(true), target_project_id: optionalIdParam() }).partial().required({ title: true, source_branch: true, target_branch: true });
const update = z.object({ ...editable, add_labels: nameListParam(), remove_labels: nameListParam(), state_event: oneOfParam(['close', 'reopen'] as const) }).partial();

export interface MergeRequestInput {
  title?: string;
  description?: string | null;
  targetBranch?: string;
  assigneeIds?: number[];
  labels?: string[];
  /** GitLab's add_labels / remove_labels: applied after `labels` (update only). */
  addLabels?: string[];
  removeLabels?: string[];
  reviewerIds?: number[];
  milestoneId?: number | null;
  removeSourceBranch?: boolean;
  squash?: boolean;
  discussionLocked?: boolean;
  /** allow_collaboration (or its old name allow_maintainer_to_push); taken for merge requests from a fork only. */
  allowCollaboration?: boolean;
  stateEvent?: 'close' | 'reopen';
  lockVersion?: number;
}

export type MergeRequestCreateInput = MergeRequestInput & { title: string; sourceBranch: string; targetBranch: string; targetProjectId?: number | null };

function toInput(b: Record<string, unknown>): MergeRequestInput {
  const out: MergeRequestInput = {};
  if (b.title !== undefined) out.title = (b.title as string).trim();
  if (b.description !== undefined) out.description = b.description as string | null;
  if (b.target_branch !== undefined && b.target_branch !== null) out.targetBranch = b.target_branch as string;
  if (b.assignee_ids !== undefined) out.assigneeIds = b.assignee_ids as number[];
  else if (b.assignee_id !== undefined) out.assigneeIds = b.assignee_id === null ? [] : [b.assignee_id as number];
  if (b.labels !== undefined) out.labels = b.labels as string[];
  if (b.add_labels !== undefined) out.addLabels = b.add_labels as string[];
  if (b.remove_labels !== undefined) out.removeLabels = b.remove_labels as string[];
  if (b.reviewer_ids !== undefined) out.reviewerIds = b.reviewer_ids as number[];
  if (b.milestone_id !== undefined) out.milestoneId = b.milestone_id as number | null;
  if (b.remove_source_branch !== undefined) out.removeSourceBranch = b.remove_source_branch as boolean;
  if (b.squash !== undefined) out.squash = b.squash as boolean;
  if (b.discussion_locked !== undefined) out.discussionLocked = b.discussion_locked as boolean;
  const collaboration = b.allow_collaboration ?? b.allow_maintainer_to_push;
  if (collaboration !== undefined) out.allowCollaboration = collaboration as boolean;
  if (b.state_event !== undefined && b.state_event !== null) out.stateEvent = b.state_event as 'close' | 'reopen';
  return out;
}

/** POST projects/:id/merge_requests: title, source_branch and target_branch required (GitLab's params). */
export function parseMergeRequestCreate(body: unknown): MergeRequestCreateInput {
  const b = parseInput(create, body) as Record<string, unknown>;
  return { ...toInput(b), title: (b.title as string).trim(), sourceBranch: b.source_branch as string, targetBranch: b.target_branch as string, targetProjectId: (b.target_project_id as number | null | undefined) ?? null };
}

/** PUT projects/:id/merge_requests/:iid: the editable fields, state_event, lock_version. */
export function parseMergeRequestUpdate(body: unknown): MergeRequestInput {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const { lock_version, ...rest } = raw;
  const lockVersion = parseLockVersion(lock_version);
  const input = toInput(parseInput(update, body && typeof body === 'object' ? rest : body) as Record<string, unknown>);
  return lockVersion === undefined ? input : { ...input, lockVersion };
}

const shaParam = z.string({ invalid_type_error: VALIDATION.notString }).regex(/^[0-9a-f]{7,64}$/i, VALIDATION.invalid);

const merge = z
  .object({
    sha: shaParam,
    squash: boolParam(),
    should_remove_source_branch: boolParam(),
    merge_commit_message: textParam(10_000),
    squash_commit_message: textParam(10_000),
    merge_when_pipeline_succeeds: boolParam(),
    auto_merge: boolParam(),
  })
  .partial()
  .passthrough();

export interface MergeInput {
  sha?: string;
  squash?: boolean;
  shouldRemoveSourceBranch?: boolean;
  mergeCommitMessage?: string | null;
  squashCommitMessage?: string | null;
}

/** PUT .../merge: sha (the head the caller saw), squash, should_remove_source_branch, the commit messages. */
export function parseMerge(body: unknown): MergeInput {
  const b = parseInput(merge, body);
  return { sha: b.sha?.toLowerCase(), squash: b.squash, shouldRemoveSourceBranch: b.should_remove_source_branch, mergeCommitMessage: b.merge_commit_message, squashCommitMessage: b.squash_commit_message };
}

const STATES = ['opened', 'closed', 'merged', 'locked', 'all'] as const;
const listQuery = z
  .object({
    state: enumParam(STATES),
    labels: nameListParam(),
    author_id: optionalIdParam(),
    author_username: z.string().max(255, VALIDATION.tooLong(255)),
    assignee_id: z.union([z.enum(['None', 'Any', 'none', 'any']), optionalIdParam()]),
    assignee_username: z.string().max(255, VALIDATION.tooLong(255)),
    source_branch: branchParam(false),
    target_branch: branchParam(false),
    search: z.string().max(255, VALIDATION.tooLong(255)),
    iids: idListParam(),
    order_by: enumParam(['created_at', 'updated_at', 'title'] as const),
    sort: enumParam(['asc', 'desc'] as const),
  })
  .partial()
  .passthrough();

/** GET projects/:id/merge_requests: GitLab's filters (state, labels, author, assignee, branches, search, iids) and order. */
export function parseMergeRequestList(query: unknown, projectId: number): MergeRequestFilter {
  const q = parseInput(listQuery, query);
  const assignee = q.assignee_id;
  return {
    projectId,
    state: q.state ?? 'all',
    labels: q.labels?.length ? q.labels : undefined,
    authorId: q.author_id ?? undefined,
    authorUsername: q.author_username?.trim() || undefined,
    assigneeId: typeof assignee === 'string' ? (assignee.toLowerCase() as 'none' | 'any') : (assignee ?? undefined),
    assigneeUsername: q.assignee_username?.trim() || undefined,
    sourceBranch: q.source_branch ?? undefined,
    targetBranch: q.target_branch ?? undefined,
    search: q.search?.trim() || undefined,
    iids: q.iids?.length ? q.iids : undefined,
    orderBy: q.order_by ?? 'created_at',
    sort: q.sort ?? 'desc',
  };
}

export const parseMergeRequestIid = (s: string): number | null => (/^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : null);
