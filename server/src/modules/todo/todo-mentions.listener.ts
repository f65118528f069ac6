import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { projectLevelSql } from '../../core/policy/membership-sql';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ACCESS_LEVEL, type AnyRealtimeEvent } from '@tandem/shared-types';
import { canReadIssue } from '../../core/policy/policy';
import type { BusEvent } from '../../core/realtime/event-bus';
import { EventLogService } from '../../core/realtime/event-log.service';
import { mentionedUsernames, mentionTodoRecipients, type MentionCandidate } from './mentions';
import { TodoService } from './todo.service';

/** What mentions someone: a comment (its note), or an issue's new description. */
interface Mentioning {
  issueId: number;
  authorId: number;
  text: string;
  noteId: number | null;
  internal: boolean;
  /** A description: a mention still pending from an earlier version is not repeated. */
  description: boolean;
}

function mentioningOf(e: AnyRealtimeEvent, issueId: number): Mentioning | null {
  if (e.type === 'note.created') {
    const note = e.payload.note;
    if (note.system || !note.author || !note.note?.includes('@')) return null;
    return { issueId, authorId: note.author.id, text: note.note, noteId: Number(note.id), internal: note.internal, description: false };
  }
  if ((e.type === 'issue.created' || e.type === 'issue.updated') && e.actor && e.payload.fields.description?.includes('@')) {
    return { issueId, authorId: e.actor.id, text: e.payload.fields.description, noteId: null, internal: false, description: true };
  }
  return null;
}

/**
 * 'mentioned' to-dos (GitLab's TodoService#new_note / #update_issue): after a comment or a
 * description that @mentions users commits, each mentioned user who may read it (an internal
 * note: reporters and up) gets a to-do, never the author. Checked only when the text has an
 * '@', so other writes cost nothing more.
 */
@Injectable()
export class TodoMentionsListener implements OnModuleInit {
  private readonly logger = new Logger(TodoMentionsListener.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly events: EventLogService,
    private readonly todos: TodoService,
  ) {}

  onModuleInit(): void {
    this.events.onCommit((batch) => this.onCommit(batch));
  }

  private async onCommit(batch: readonly BusEvent[]): Promise<void> {
    for (const b of batch) {
      if (b.noteableType !== 'Issue') continue;
      const m = mentioningOf(b.event, b.noteableId);
      if (!m) continue;
      try {
        await this.create(m);
      } catch (err) {
        this.logger.warn({ err }, 'mention to-dos failed');
      }
    }
  }

  private async create(m: Mentioning): Promise<void> {
    const names = mentionedUsernames(m.text);
    if (!names.length) return;
    const rows = (await this.ds.query(
      `SELECT u.id, u.is_admin, p.id AS project_id, p.visibility, p.archived, ns.type AS ns_type, ns.owner_id AS ns_owner_id,
         i.confidential, i.author_id, i.discussion_locked, i.state,
         ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = i.id) AS assignee_ids,
         ${projectLevelSql('p.id', 'p.namespace_id', 'u.id')} AS level
       FROM issues i JOIN projects p ON p.id = i.project_id JOIN namespaces ns ON ns.id = p.namespace_id
       JOIN users u ON lower(u.username) = ANY($2::text[]) AND u.state = 'active'
       WHERE i.id = $1`,
      [m.issueId, names],
    )) as Array<{
      id: number; is_admin: boolean; project_id: number; visibility: 'public' | 'internal' | 'private'; archived: boolean; ns_type: string; ns_owner_id: number | null;
      confidential: boolean; author_id: number | null; discussion_locked: boolean; state: 'opened' | 'closed'; assignee_ids: number[]; level: number | null;
    }>;
    if (!rows.length) return;
    const pending = m.description ? await this.todos.pendingMentioned(m.issueId, rows.map((r) => Number(r.id))) : new Set<number>();
    const candidates: MentionCandidate[] = rows.map((r) => {
      const id = Number(r.id);
      let level = r.level ?? ACCESS_LEVEL.NO_ACCESS;
      if (level < ACCESS_LEVEL.OWNER && r.ns_type === 'User' && r.ns_owner_id === id) level = ACCESS_LEVEL.OWNER;
      const reads = canReadIssue(
        { id, username: '', isAdmin: r.is_admin, scopes: null },
        { visibility: r.visibility, archived: r.archived, accessLevel: level },
        { confidential: r.confidential, authorId: r.author_id, assigneeIds: r.assignee_ids.map(Number), discussionLocked: r.discussion_locked, state: r.state },
      );
      return { id, canRead: reads && (!m.internal || r.is_admin || level >= ACCESS_LEVEL.REPORTER), hasPending: pending.has(id) };
    });
    const recipients = mentionTodoRecipients(candidates, m.authorId);
    await this.todos.createMentioned(recipients, m.authorId, Number(rows[0]!.project_id), m.issueId, m.noteId);
  }
}
