import type { UserBasic } from '@tandem/shared-types';
import type { MarkdownService } from '../../core/markdown/markdown.service';
import type { Tx } from '../../core/realtime/event-log.service';
import { issueNoteable } from '../issue/issue-context';
import { writeSystemNotes } from '../note/note-writer';
import type { SystemNoteText } from '../note/system-notes';
import type { Project } from '../project/project.entity';
import { mergeRequestReference } from './merge-request.mapper';
import { closingReferences, issueMentions, type MergeRequestRow } from './merge-request.store';

/** The system notes a merge request writes on issues (GitLab's SystemNoteService wording). */
export const mergeRequestIssueNotes = {
  /** On an issue an MR's description or commit names (GitLab's cross_reference note). */
  mentioned: (ref: string): SystemNoteText => ({ body: `mentioned in merge request ${ref}`, icon: 'comment-dots' }),
  /** On an issue closed by merging an MR that says "Closes #N" (GitLab's close_after_merge_request). */
  closedVia: (ref: string): SystemNoteText => ({ body: `closed via merge request ${ref}`, icon: 'issue-close' }),
};

/** A commit title as plain text in markdown (backslash escapes for its punctuation). */
const escapeMarkdown = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!<>|~&@%:]/g, (c) => `\\${c}`);

/** The MR's own system notes. */
export const mergeRequestNotes = {
  merged: (): SystemNoteText => ({ body: 'merged', icon: 'git-merge' }),
  /** GitLab's approval notes (an /approve or /unapprove quick action). */
  approved: (): SystemNoteText => ({ body: 'approved this merge request', icon: 'approval' }),
  unapproved: (): SystemNoteText => ({ body: 'unapproved this merge request', icon: 'unapproval' }),
  /** GitLab's commit-list note: the count, then one item per commit (short sha - title), oldest first; pages collapse it past 3. */
  addedCommits: (n: number, commits: ReadonlyArray<{ id: string; title: string }> = []): SystemNoteText => ({
    body: [`added ${n} commit${n === 1 ? '' : 's'}`, ...(commits.length ? ['', ...commits.map((c) => `* ${c.id.slice(0, 8)} - ${escapeMarkdown(c.title)}`)] : [])].join('\n'),
    icon: 'commit',
  }),
};

interface IssueRef {
  id: number;
  iid: number;
  projectId: number;
  projectPath: string;
  state: string;
}

export interface LinkEnv {
  markdown: MarkdownService;
  publicUrl: string;
}

/** The issues a text names, resolved to rows (missing ones and other projects' unknown paths dropped). */
async function resolveIssues(tx: Tx, project: Project, refs: Array<{ path: string | null; iid: number }>): Promise<IssueRef[]> {
  if (!refs.length) return [];
  const paths = refs.map((r) => (r.path ?? project.fullPath).toLowerCase());
  const iids = refs.map((r) => r.iid);
  const rows = (await tx.manager.query(
    `SELECT DISTINCT i.id, i.iid, i.state, p.id AS project_id, p.full_path FROM unnest($1::text[], $2::int[]) AS r(path, iid)
     JOIN projects p ON lower(p.full_path) = r.path JOIN issues i ON i.project_id = p.id AND i.iid = r.iid`,
    [paths, iids],
  )) as Array<{ id: number; iid: number; state: string; project_id: number; full_path: string }>;
  return rows.map((r) => ({ id: Number(r.id), iid: Number(r.iid), projectId: Number(r.project_id), projectPath: r.full_path, state: r.state }));
}

/**
 * Refreshes what the MR's description says about issues, in the write's transaction: the issues
 * it closes (merge_requests_closing_issues), a "mentioned in merge request !N" note on each issue
 * it names for the first time, and an `issue.merge_requests` event on every issue whose related
 * merge requests changed, so an open issue page refetches its card.
 */
export async function refreshIssueLinks(tx: Tx, env: LinkEnv, project: Project, mr: MergeRequestRow, author: UserBasic, previousDescription: string | null | undefined, extraText = ''): Promise<void> {
  const text = `${mr.title}\n${mr.description ?? ''}\n${extraText}`;
  const closing = await resolveIssues(tx, project, closingReferences(mr.description));
  const before = (await tx.manager.query('SELECT issue_id FROM merge_requests_closing_issues WHERE merge_request_id = $1', [mr.id])) as Array<{ issue_id: number }>;
  const beforeIds = new Set(before.map((r) => Number(r.issue_id)));
  const closingIds = new Set(closing.map((i) => i.id));
  await tx.manager.query('DELETE FROM merge_requests_closing_issues WHERE merge_request_id = $1 AND NOT (issue_id = ANY($2::int[]))', [mr.id, [...closingIds]]);
  if (closingIds.size)
    await tx.manager.query('INSERT INTO merge_requests_closing_issues (merge_request_id, issue_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [mr.id, [...closingIds]]);
  const mentioned = await resolveIssues(tx, project, issueMentions(text));
  const previously = previousDescription === undefined ? new Set<number>() : new Set((await resolveIssues(tx, project, issueMentions(`${mr.title}\n${previousDescription ?? ''}`))).map((i) => i.id));
  const touched = new Map<number, IssueRef>();
  for (const i of [...closing, ...mentioned]) touched.set(i.id, i);
  for (const id of beforeIds) if (!closingIds.has(id)) {
    const [row] = await resolveIssuesById(tx, id);
    if (row) touched.set(id, row);
  }
  for (const issue of touched.values()) {
    const noteable = issueNoteable({ id: issue.id, iid: issue.iid } as never, { fullPath: issue.projectPath } as never);
    if (mentioned.some((m) => m.id === issue.id) && !previously.has(issue.id)) {
      const ref = mergeRequestReference(project.fullPath, mr.iid, issue.projectPath);
      await writeSystemNotes(tx, env, noteable, issue.projectId, author, [mergeRequestIssueNotes.mentioned(ref)], issue.projectPath);
    }
    tx.recordLater(noteable, 'issue.merge_requests', { count: await relatedCount(tx.manager, issue.id) }, author);
  }
}

async function resolveIssuesById(tx: Tx, id: number): Promise<IssueRef[]> {
  const rows = (await tx.manager.query('SELECT i.id, i.iid, i.state, p.id AS project_id, p.full_path FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = $1', [id])) as Array<{
    id: number; iid: number; state: string; project_id: number; full_path: string;
  }>;
  return rows.map((r) => ({ id: Number(r.id), iid: Number(r.iid), projectId: Number(r.project_id), projectPath: r.full_path, state: r.state }));
}

/**
 * SQL for the merge requests related to issue `$1` (GitLab's related_merge_requests): those
 * that close it, and those whose title or description names it (`#iid` in its project, or its
 * full `path#iid`); the mention is found again from the "mentioned in merge request" notes the
 * write left on the issue, which also cover commit messages.
 */
export const RELATED_MR_IDS_SQL = `SELECT c.merge_request_id AS id FROM merge_requests_closing_issues c WHERE c.issue_id = $1
  UNION SELECT m.id FROM notes n JOIN issues i ON i.id = n.noteable_id, merge_requests m JOIN projects mp ON mp.id = m.target_project_id
    WHERE n.noteable_type = 'Issue' AND n.noteable_id = $1 AND n.system AND n.note LIKE 'mentioned in merge request %'
      AND ((m.target_project_id = i.project_id AND n.note = 'mentioned in merge request !' || m.iid) OR n.note = 'mentioned in merge request ' || mp.full_path || '!' || m.iid)`;

export async function relatedCount(tx: Pick<Tx['manager'], 'query'>, issueId: number): Promise<number> {
  const [row] = (await tx.query(`SELECT count(*)::int AS n FROM (${RELATED_MR_IDS_SQL}) r`, [issueId])) as Array<{ n: number }>;
  return Number(row?.n ?? 0);
}
