import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { projectLevelSql } from '../../core/policy/membership-sql';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ApiTodo, TodoAction, TodoState, TodoTargetType } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { pgPool, statementName } from '../../core/database/pg-pool';
import { canMergeRequest } from '../../core/policy/merge-request-permissions';
import { canReadIssue, type Actor } from '../../core/policy/policy';
import { EventLogService } from '../../core/realtime/event-log.service';
import { UserChannel } from '../../core/realtime/user-channel';
import { ACCESS_LEVEL } from '@tandem/shared-types';
import type { TodoTarget } from './todo-target';

/** A to-do with what deciding its readability needs (the policy module decides). */
interface TodoRow {
  id: number;
  user_id: number;
  author_id: number;
  action: TodoAction;
  state: TodoState;
  note_id: number | null;
  created_at: Date;
  updated_at: Date;
  target_type: TodoTargetType;
  /** The target's (an issue's or a merge request's) facts, in the issue's names. */
  issue_id: number;
  iid: number;
  title: string;
  issue_state: 'opened' | 'closed' | 'merged' | 'locked';
  confidential: boolean;
  issue_author_id: number | null;
  discussion_locked: boolean;
  assignee_ids: number[];
  project_id: number;
  project_name: string;
  project_path: string;
  full_path: string;
  visibility: 'public' | 'internal' | 'private';
  archived: boolean;
  namespace_name: string;
  ns_type: string;
  ns_owner_id: number | null;
  level: number | null;
  is_admin: boolean;
  body: string | null;
  author_username: string;
  author_name: string;
  author_state: string;
  author_avatar_url: string | null;
}

export interface TodoFilters {
  state?: TodoState;
  action?: TodoAction;
  projectId?: number;
  targetId?: number;
  type?: TodoTargetType;
}

/** One to-do, with its target, for every API shape. */
export interface TodoView {
  id: number;
  userId: number;
  action: TodoAction;
  state: TodoState;
  createdAt: Date;
  updatedAt: Date;
  body: string;
  /** What `issue` is: an issue or a merge request. */
  targetType: TodoTargetType;
  author: { id: number; username: string; name: string; state: string; avatarUrl: string | null };
  issue: { id: number; iid: number; title: string; state: string; confidential: boolean };
  project: { id: number; name: string; path: string; fullPath: string; namespaceName: string };
}

/**
 * To-dos (GitLab's TodoService and TodosFinder): lists with their filters, the pending count,
 * marking done. A to-do is listed and counted only while its issue stays readable to its user
 * (the policy module decides, on facts read with the to-dos). Every change tells the user's
 * open tabs the new count on the user channel.
 */
@Injectable()
export class TodoService implements OnModuleInit {
  private readonly logger = new Logger(TodoService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
    private readonly channel: UserChannel,
  ) {}

  onModuleInit(): void {
    // To-dos written inside other writes (assignees) are announced after their COMMIT
    this.events.onUsersTouched((ids) => void this.pushCounts(ids));
  }

  /** The user's readable to-dos, newest first. */
  async list(userId: number, filters: TodoFilters, m: EntityManager = this.ds.manager): Promise<TodoView[]> {
    const rows = await this.rows(userId, filters, m);
    return rows.filter((r) => this.readable(r)).map((r) => this.view(r));
  }

  async pendingCount(userId: number, m: EntityManager = this.ds.manager): Promise<number> {
    return (await this.rows(userId, { state: 'pending' }, m, true)).filter((r) => this.readable(r)).length;
  }

  /** Tells each user's open tabs their pending count (best effort: a count is never worth a failed write). */
  async pushCounts(userIds: readonly number[]): Promise<void> {
    for (const id of new Set(userIds)) {
      try {
        this.channel.todosCount(id, await this.pendingCount(id));
      } catch (err) {
        this.logger.warn({ err, userId: id }, 'to-do count push failed');
      }
    }
  }

  /**
   * The sidebar's "Add a to do": the user's pending hand-made to-do on the issue (one at most).
   * The insert and the user's other pending to-dos in one statement: the count pushed is the write's.
   */
  async mark(userId: number, projectId: number, issueId: number): Promise<{ id: number; created: boolean }> {
    const params: unknown[] = [userId, projectId, issueId];
    const [result] = (await this.ds.query(
      `WITH added AS (INSERT INTO todos (user_id, author_id, project_id, target_type, target_id, action)
         VALUES ($1, $1, $2, 'Issue', $3, 'marked')
         ON CONFLICT (user_id, target_type, target_id) WHERE action = 'marked' AND state = 'pending' DO NOTHING RETURNING id)
       SELECT (SELECT id FROM added) AS id, ${this.pendingJson(params)} AS pending`,
      params,
    )) as Array<{ id: number | null; pending: unknown }>;
    if (result?.id != null) {
      // The statement saw the pending to-dos before its insert; the new one is on an issue the user reads
      this.channel.todosCount(userId, this.readableCount(result.pending) + 1);
      return { id: Number(result.id), created: true };
    }
    const [existing] = (await this.ds.query(`SELECT id FROM todos WHERE user_id = $1 AND target_id = $2 AND action = 'marked' AND state = 'pending'`, [userId, issueId])) as Array<{ id: number }>;
    return { id: Number(existing!.id), created: false };
  }

  /** Whether the user has a pending to-do on the merge request (/todo and /done's condition), on the caller's connection. */
  async pendingOnMergeRequest(userId: number, mergeRequestId: number, m: EntityManager = this.ds.manager): Promise<boolean> {
    const rows = (await m.query(`SELECT 1 FROM todos WHERE user_id = $1 AND merge_request_id = $2 AND state = 'pending' LIMIT 1`, [userId, mergeRequestId])) as unknown[];
    return rows.length > 0;
  }

  /**
   * A merge request's /todo and /done, in the caller's transaction (the comment's, or the review's
   * publish), or the sidebar's toggle (one statement: EventLogService.autocommit): the user's
   * hand-made to-do added (at most one pending), or every pending one marked done. The user's open
   * tabs get the new count after the commit (Tx.touchedUsers). The ids of the rows changed.
   */
  async setOnMergeRequest(tx: { manager: EntityManager; touchedUsers: Set<number> }, userId: number, projectId: number, mergeRequestId: number, pending: boolean): Promise<number[]> {
    const rows = (
      pending
        ? await tx.manager.query(
            `INSERT INTO todos (user_id, author_id, project_id, target_type, merge_request_id, action) VALUES ($1, $1, $2, 'MergeRequest', $3, 'marked')
             ON CONFLICT (user_id, merge_request_id) WHERE action = 'marked' AND state = 'pending' AND merge_request_id IS NOT NULL DO NOTHING RETURNING id`,
            [userId, projectId, mergeRequestId],
          )
        : await tx.manager.query(`UPDATE todos SET state = 'done', updated_at = now() WHERE user_id = $1 AND merge_request_id = $2 AND state = 'pending' RETURNING id`, [userId, mergeRequestId])
    ) as Array<{ id: number | string }>;
    if (rows.length) tx.touchedUsers.add(userId);
    return rows.map((r) => Number(r.id));
  }

  /** The user's pending to-do on an issue or a merge request, if any (the sidebar shows "Mark as done"). */
  async pendingOn(userId: number, target: Pick<TodoTarget, 'type' | 'id'>): Promise<number | null> {
    const column = target.type === 'MergeRequest' ? 'merge_request_id' : 'target_id';
    const [row] = (await this.ds.query(`SELECT id FROM todos WHERE user_id = $1 AND ${column} = $2 AND state = 'pending' ORDER BY id DESC LIMIT 1`, [userId, target.id])) as Array<{ id: number }>;
    return row ? Number(row.id) : null;
  }

  /**
   * "Add a to do" on an issue or a merge request (sidebar, REST): the new to-do's id, or null when
   * one was pending already. Either way the user's open tabs get the new count.
   */
  async addOn(userId: number, target: TodoTarget): Promise<number | null> {
    if (target.type === 'Issue') {
      const { id, created } = await this.mark(userId, target.projectId, target.id);
      return created ? id : null;
    }
    const [id] = await this.events.autocommit((tx) => this.setOnMergeRequest(tx, userId, target.projectId, target.id, true));
    return id ?? null;
  }

  /** "Mark as done" on an issue or a merge request: every pending to-do of the user on it. */
  async doneOn(userId: number, target: TodoTarget): Promise<void> {
    if (target.type === 'Issue') await this.markDone(userId, { issueId: target.id });
    else await this.events.autocommit((tx) => this.setOnMergeRequest(tx, userId, target.projectId, target.id, false));
  }

  /** Marks the user's to-dos done: one, every pending one on an issue, or all; the ids that changed. */
  async markDone(userId: number, which: { id?: number; issueId?: number; all?: boolean }): Promise<number[]> {
    const where = which.id !== undefined ? 'AND id = $2' : which.issueId !== undefined ? 'AND target_id = $2' : '';
    const params: unknown[] = [userId];
    if (which.id !== undefined) params.push(which.id);
    else if (which.issueId !== undefined) params.push(which.issueId);
    else if (!which.all) return [];
    // The update and the pending to-dos it leaves in one statement (its snapshot predates the
    // update, so the ones it marks are left out by id): the count pushed is the write's own
    const [result] = (await this.ds.query(
      `WITH done AS (UPDATE todos SET state = 'done', updated_at = now() WHERE user_id = $1 AND state = 'pending' ${where} RETURNING id)
       SELECT ARRAY(SELECT id FROM done) AS done_ids, ${this.pendingJson(params, 'SELECT id FROM done')} AS pending`,
      params,
    )) as Array<{ done_ids: Array<number | string>; pending: unknown }>;
    const ids = (result?.done_ids ?? []).map(Number);
    if (ids.length) this.channel.todosCount(userId, this.readableCount(result!.pending));
    return ids;
  }

  /**
   * A JSON array of the user's ($1) pending to-dos with their readability facts, as an SQL
   * expression for the caller's statement (`params` gets its values); `exclude`: ids to leave out.
   */
  private pendingJson(params: unknown[], exclude?: string): string {
    const { text } = this.rowsSql({ state: 'pending' }, true, params, exclude);
    return `(SELECT COALESCE(json_agg(r), '[]'::json) FROM (${text}) r)`;
  }

  /** How many of the rows (pendingJson's) the policy lets their user read. */
  private readableCount(rows: unknown): number {
    const list = (typeof rows === 'string' ? JSON.parse(rows) : (rows ?? [])) as TodoRow[];
    return list.filter((r) => this.readable(r)).length;
  }

  /** One of the user's to-dos (any state), if its issue is still readable. */
  async find(userId: number, id: number): Promise<TodoView | null> {
    const rows = await this.rows(userId, { id } as TodoFilters & { id: number }, this.ds.manager);
    const r = rows[0];
    return r && this.readable(r) ? this.view(r) : null;
  }

  /** 'mentioned' to-dos for the given users (after the write that mentions them committed). */
  async createMentioned(userIds: readonly number[], authorId: number, projectId: number, issueId: number, noteId: number | null): Promise<void> {
    if (!userIds.length) return;
    await this.ds.query(
      `INSERT INTO todos (user_id, author_id, project_id, target_type, target_id, action, note_id)
       SELECT u, $2, $3, 'Issue', $4, 'mentioned', $5 FROM unnest($1::int[]) u`,
      [userIds, authorId, projectId, issueId, noteId],
    );
    await this.pushCounts(userIds);
  }

  /** Users (by id) with a pending 'mentioned' to-do on the issue. */
  async pendingMentioned(issueId: number, userIds: readonly number[]): Promise<Set<number>> {
    if (!userIds.length) return new Set();
    const rows = (await this.ds.query(`SELECT DISTINCT user_id FROM todos WHERE target_id = $1 AND action = 'mentioned' AND state = 'pending' AND user_id = ANY($2::int[])`, [issueId, userIds])) as Array<{ user_id: number }>;
    return new Set(rows.map((r) => Number(r.user_id)));
  }

  toApi(t: TodoView): ApiTodo {
    const base = this.config.publicUrl;
    const issueUrl = `${base}/${t.project.fullPath}/-/${t.targetType === 'MergeRequest' ? 'merge_requests' : 'issues'}/${t.issue.iid}`;
    return {
      id: t.id,
      project: { id: t.project.id, name: t.project.name, name_with_namespace: `${t.project.namespaceName} / ${t.project.name}`, path: t.project.path, path_with_namespace: t.project.fullPath },
      author: { id: t.author.id, username: t.author.username, name: t.author.name, state: t.author.state, avatar_url: t.author.avatarUrl ?? `${base}/-/avatars/${encodeURIComponent(t.author.username)}.svg`, web_url: `${base}/${t.author.username}` },
      action_name: t.action,
      target_type: t.targetType,
      target: { id: t.issue.id, iid: t.issue.iid, project_id: t.project.id, title: t.issue.title, state: t.issue.state, confidential: t.issue.confidential, web_url: issueUrl },
      target_url: issueUrl,
      body: t.body,
      state: t.state,
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
    };
  }

  private readable(r: TodoRow): boolean {
    const actor: Actor = { id: r.user_id, username: '', isAdmin: r.is_admin, scopes: null };
    let level = r.level ?? ACCESS_LEVEL.NO_ACCESS;
    if (level < ACCESS_LEVEL.OWNER && r.ns_type === 'User' && r.ns_owner_id === r.user_id) level = ACCESS_LEVEL.OWNER;
    const project = { visibility: r.visibility, archived: r.archived, accessLevel: level };
    if (r.target_type === 'MergeRequest') {
      return canMergeRequest(actor, 'read_merge_request', project, { authorId: r.issue_author_id, discussionLocked: r.discussion_locked, state: r.issue_state });
    }
    return canReadIssue(
      actor,
      project,
      { confidential: r.confidential, authorId: r.issue_author_id, assigneeIds: r.assignee_ids.map(Number), discussionLocked: r.discussion_locked, state: r.issue_state as 'opened' | 'closed' },
    );
  }

  private view(r: TodoRow): TodoView {
    return {
      id: Number(r.id),
      userId: Number(r.user_id),
      action: r.action,
      state: r.state,
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
      body: r.body ?? r.title,
      targetType: r.target_type,
      author: { id: Number(r.author_id), username: r.author_username, name: r.author_name, state: r.author_state, avatarUrl: r.author_avatar_url },
      issue: { id: Number(r.issue_id), iid: Number(r.iid), title: r.title, state: r.issue_state, confidential: r.confidential },
      project: { id: Number(r.project_id), name: r.project_name, path: r.project_path, fullPath: r.full_path, namespaceName: r.namespace_name },
    };
  }

  private async rows(userId: number, f: TodoFilters & { id?: number }, m: EntityManager, countOnly = false): Promise<TodoRow[]> {
    const params: unknown[] = [userId];
    const { text } = this.rowsSql(f, countOnly, params);
    // Outside a transaction a named statement, one per filter combination: unnamed, Postgres parsed
    // and planned it at every page's to-do count (0.4 + 1.2 ms of its CPU in the statement log)
    if (m === this.ds.manager) return (await pgPool(this.ds).query<TodoRow>({ name: statementName('todo.rows', text), text, values: params })).rows;
    return (await m.query(text, params)) as TodoRow[];
  }

  /** The SELECT of the user's ($1, already in `params`) to-dos with their facts; filters add their values to `params`. */
  private rowsSql(f: TodoFilters & { id?: number }, countOnly: boolean, params: unknown[], exclude?: string): { text: string } {
    const where = ['t.user_id = $1'];
    if (exclude) where.push(`t.id NOT IN (${exclude})`);
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (f.state) add('t.state = ?', f.state);
    if (f.action) add('t.action = ?', f.action);
    if (f.projectId) add('t.project_id = ?', f.projectId);
    if (f.targetId) add('t.target_id = ?', f.targetId);
    if (f.type) add('t.target_type = ?', f.type);
    if (f.id !== undefined) add('t.id = ?', f.id);
    const extra = countOnly
      ? `NULL::text AS body, ''::text AS author_username, ''::text AS author_name, ''::text AS author_state, NULL::text AS author_avatar_url`
      : `(SELECT n.note FROM notes n WHERE n.id = t.note_id) AS body, a.username AS author_username, a.name AS author_name, a.state AS author_state, a.avatar_url AS author_avatar_url`;
    return {
      // The target is an issue (target_id) or a merge request (merge_request_id): its facts in the issue's names
      text: `SELECT t.id, t.user_id, t.author_id, t.action, t.state, t.note_id, t.created_at, t.updated_at, t.target_type,
         COALESCE(i.id, mr.id) AS issue_id, COALESCE(i.iid, mr.iid) AS iid, COALESCE(i.title, mr.title) AS title, COALESCE(i.state, mr.state) AS issue_state,
         COALESCE(i.confidential, false) AS confidential, CASE WHEN i.id IS NULL THEN mr.author_id ELSE i.author_id END AS issue_author_id,
         COALESCE(i.discussion_locked, mr.discussion_locked) AS discussion_locked,
         ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = i.id) AS assignee_ids,
         p.id AS project_id, p.name AS project_name, p.path AS project_path, p.full_path, p.visibility, p.archived,
         ns.name AS namespace_name, ns.type AS ns_type, ns.owner_id AS ns_owner_id, u.is_admin,
         ${projectLevelSql('p.id', 'p.namespace_id', 't.user_id')} AS level,
         ${extra}
       FROM todos t
       LEFT JOIN issues i ON i.id = t.target_id
       LEFT JOIN merge_requests mr ON mr.id = t.merge_request_id
       JOIN projects p ON p.id = COALESCE(i.project_id, mr.target_project_id)
       JOIN namespaces ns ON ns.id = p.namespace_id
       JOIN users u ON u.id = t.user_id
       JOIN users a ON a.id = t.author_id
       WHERE ${where.join(' AND ')}
       ORDER BY t.id DESC
       LIMIT 1000`,
    };
  }
}
