import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AnyRealtimeEvent, ApiNote, EventBatch, IssueFieldsChanged, NoteableType, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { JobQueue, type Job } from '../../core/jobs/job-queue';
import { Mailer } from '../../core/mail/mailer';
import { EventLogService } from '../../core/realtime/event-log.service';
import { mentionedUsernames } from '../todo/mentions';
import { mergeRequestPlans } from './merge-request-plans';
import { notificationMail, type MailEvent } from './notification-mail';
import { planBase, type Plan, type StoredEvent } from './notification-plan';
import { loadCandidates, type NotifiedType } from './notification-recipients';
import { notificationRecipients } from './notification-rules';
import { instanceSecret, signUnsubscribe } from './unsubscribe-token';

/**
 * The events the `issue_events` trigger queues a 'notify' job for: the same test as its function
 * (migrations NotifyJobSkipsSystemNotes, MergeRequestMails, MergeRequestMentionMails). A system note mails nobody, so it
 * queues nothing. On a merge request: a comment (of a submitted review only its last note, whose
 * job mails the review), its opening (seq 1), a state change (closed, reopened, merged), new
 * commits, an assignee change, and reviewers of whom one is unreviewed (the worker mails those
 * newly asked for a review; an approval beside an unreviewed reviewer mails nobody).
 */
export function queuesNotification(noteableType: NoteableType, e: AnyRealtimeEvent): boolean {
  if (noteableType === 'MergeRequest') {
    // A submitted review is one mail, queued by its last note
    if (e.type === 'note.created') return !e.payload.note.system && (!e.payload.batch || e.payload.batch.index === e.payload.batch.size);
    if (e.type !== 'merge_request.updated') return false;
    const f = e.payload.fields;
    return e.seq === 1 || 'assignees' in f || 'state' in f || 'commits_changed' in f || 'description' in f || (f.reviewers ?? []).some((r) => r.review_state === 'unreviewed');
  }
  if (noteableType !== 'Issue') return false;
  if (e.type === 'note.created') return !e.payload.note.system;
  if (e.type === 'issue.assignees' || e.type === 'issue.created') return true;
  return e.type === 'issue.updated' && ('state' in e.payload.fields || 'due_date' in e.payload.fields || 'description' in e.payload.fields);
}

/**
 * Notification mail (spec sidebar-and-widgets: subscriptions; GitLab's NotificationService):
 * the 'notify' queue's handler. The job names an `issue_events` row; the worker decides what
 * it means (a comment, an assignment, a state or due-date change, a new issue, users newly
 * mentioned by a description edit; on a merge request a comment, its opening, a state change,
 * new commits, an assignment, a review request or a description's new mentions: merge-request-plans.ts), loads the
 * candidates (notification-recipients.ts), keeps those the rules allow
 * (notification-rules.ts), and writes one mail each to the outbox in one statement. The
 * request that caused the event did none of this: the job was written by the event's own
 * statement, and this node is only kicked after its commit.
 */
@Injectable()
export class NotificationWorker implements OnModuleInit {
  private secret: Promise<Buffer> | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly events: EventLogService,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ event_id: number | string }>('notify', (job) => this.run(job));
    // Kicks this node's queue after a commit that may have queued mail; the request does not wait for it
    this.events.onCommit((batch) => {
      if (batch.some((b) => queuesNotification(b.noteableType, b.event))) this.jobs.kick();
    });
  }

  /** The instance's unsubscribe secret (read once). */
  unsubscribeSecret(): Promise<Buffer> {
    this.secret ??= instanceSecret(this.ds, 'unsubscribe').catch((err: unknown) => {
      this.secret = null;
      throw err;
    });
    return this.secret;
  }

  private async run(job: Job<{ event_id: number | string }>): Promise<void> {
    const [row] = (await this.ds.query(`SELECT id, noteable_type, noteable_id, seq, type, payload FROM issue_events WHERE id = $1 AND noteable_type IN ('Issue', 'MergeRequest')`, [
      job.payload.event_id,
    ])) as Array<{ id: string; noteable_type: NotifiedType; noteable_id: number; seq: number; type: StoredEvent['type']; payload: StoredEvent['doc'] }>;
    // Pruned from the log (retention) before the job ran: nothing left to tell
    if (!row) return;
    const ev: StoredEvent = { id: Number(row.id), noteableType: row.noteable_type, targetId: Number(row.noteable_id), seq: Number(row.seq), type: row.type, doc: row.payload };
    const mails: Array<ReturnType<typeof notificationMail>> = [];
    const mailed = new Set<number>();
    // One event may mean several mails (closing an issue while editing its description mentions someone)
    for (const plan of await this.plans(ev)) {
      const loaded = await loadCandidates(this.ds, ev.noteableType, ev.targetId, plan);
      if (!loaded) continue;
      const ids = new Set(notificationRecipients(loaded.candidates, plan.action, plan.actorId).filter((id) => !plan.skipMailed || !mailed.has(id)));
      for (const id of ids) mailed.add(id);
      if (!ids.size) continue;
      const base = this.config.publicUrl;
      const host = new URL(base).host;
      const secret = await this.unsubscribeSecret();
      const t = loaded.target;
      const pageUrl = `${base}/${t.projectPath}/-/${t.type === 'MergeRequest' ? 'merge_requests' : 'issues'}/${t.iid}`;
      const mailEvent: MailEvent = { eventId: ev.id, action: plan.action, actorName: plan.actorName, text: plan.text, url: plan.noteUrl ?? pageUrl, detail: plan.detail };
      mails.push(
        ...loaded.candidates
          .filter((c) => ids.has(c.id))
          .map((c) => notificationMail(t, mailEvent, { id: c.id, email: c.email, mentioned: c.mentioned, asked: c.assignmentChanged }, `${base}/-/unsubscribe/${signUnsubscribe(secret, c.id, t.id, t.type)}`, host)),
      );
    }
    if (mails.length) await this.mailer.enqueueMany(mails);
  }

  private async plans(ev: StoredEvent): Promise<Plan[]> {
    const batch = ev.type === 'note.created' ? (ev.doc.payload as { batch?: EventBatch }).batch : undefined;
    if (batch && batch.size > 1) return this.reviewPlans(ev, batch.size);
    if (ev.type === 'merge_request.updated') return mergeRequestPlans(this.ds, ev);
    if (ev.type !== 'issue.updated' || ev.noteableType !== 'Issue') {
      const one = await this.plan(ev);
      return one ? [one] : [];
    }
    const base = planBase(ev.doc.actor);
    const f = (ev.doc.payload as { fields: IssueFieldsChanged }).fields;
    const out: Plan[] = [];
    if (f.state) out.push({ ...base, action: f.state === 'closed' ? 'close' : 'reopen' });
    if ('due_date' in f) out.push({ ...base, action: 'due_date', detail: f.due_date ?? null });
    if ('description' in f) {
      const added = await this.newMentions(ev, f.description ?? '');
      if (added.length) out.push({ ...base, action: 'new_mention', mentionedUsernames: added, text: f.description ?? null });
    }
    return out;
  }

  /**
   * The usernames a description change mentions that the description before it did not (GitLab's
   * added_mentions). The change's version is the issue's last one written in the event's
   * transaction (its created_at is the event's); the one before it is the old description.
   * No version found (pruned, or a description never versioned): nobody, rather than everyone.
   */
  private async newMentions(ev: StoredEvent, description: string): Promise<string[]> {
    const [row] = (await this.ds.query(
      `SELECT cur.id AS version_id,
         (SELECT v.description FROM description_versions v WHERE v.issue_id = e.noteable_id AND v.id < cur.id ORDER BY v.id DESC LIMIT 1) AS before
       FROM issue_events e
       JOIN LATERAL (SELECT v.id FROM description_versions v WHERE v.issue_id = e.noteable_id AND v.created_at = e.created_at ORDER BY v.id DESC LIMIT 1) cur ON true
       WHERE e.id = $1`,
      [ev.id],
    )) as Array<{ version_id: number; before: string | null }>;
    if (!row) return [];
    const before = new Set(mentionedUsernames(row.before ?? '').map((n) => n.toLowerCase()));
    return mentionedUsernames(description).filter((n) => !before.has(n.toLowerCase()));
  }

  private async plan(ev: StoredEvent): Promise<Plan | null> {
    const base = planBase(ev.doc.actor);
    switch (ev.type) {
      case 'note.created': {
        const note = (ev.doc.payload as { note: ApiNote }).note;
        if (note.system) return null;
        return { ...base, action: 'new_note', actorId: note.author?.id ?? base.actorId, actorName: note.author?.name ?? base.actorName, mentionedUsernames: mentionedUsernames(note.note), internalNote: note.internal, text: note.note, noteUrl: note.noteable_note_url };
      }
      case 'issue.assignees': {
        const now = (ev.doc.payload as { assignees: UserBasic[] }).assignees;
        const before = await this.previousAssignees(ev);
        const nowIds = new Set(now.map((u) => u.id));
        const changed = [...now.map((u) => u.id).filter((id) => !before.has(id)), ...[...before].filter((id) => !nowIds.has(id))];
        if (!changed.length) return null;
        return { ...base, action: 'reassign', assignmentChanged: changed, detail: now.map((u) => u.name).join(', ') };
      }
      case 'issue.created': {
        if (ev.noteableType !== 'Issue') return null;
        const f = (ev.doc.payload as { fields: IssueFieldsChanged }).fields;
        return { ...base, action: 'new_issue', mentionedUsernames: mentionedUsernames(f.description), text: f.description ?? null };
      }
      default:
        return null;
    }
  }

  /**
   * A submitted review (GitLab's new_review_email): ONE mail with every comment of it, in order.
   * A review that replied in an internal thread mails all of it to those who may read internal
   * notes, and its public comments alone to everyone else (as the comments one by one would have).
   */
  private async reviewPlans(ev: StoredEvent, size: number): Promise<Plan[]> {
    const notes = (await this.reviewNotes(ev, size)).filter((n) => !n.system);
    const last = notes[notes.length - 1];
    if (!last) return [];
    const plan = (some: ApiNote[], internalNote: boolean, skipMailed: boolean): Plan => ({
      action: 'new_note',
      actorId: last.author?.id ?? ev.doc.actor?.id ?? null,
      actorName: last.author?.name ?? ev.doc.actor?.name ?? 'Someone',
      mentionedUsernames: [...new Set(some.flatMap((n) => mentionedUsernames(n.note)))],
      assignmentChanged: [],
      internalNote,
      text: some.map((n) => n.note).join('\n\n'),
      noteUrl: some[0]!.noteable_note_url,
      detail: String(some.length),
      skipMailed,
    });
    const visible = notes.filter((n) => !n.internal);
    if (visible.length === notes.length) return [plan(notes, false, false)];
    return [plan(notes, true, false), ...(visible.length ? [plan(visible, false, true)] : [])];
  }

  /**
   * The notes of the review whose last note is `ev`: its transaction's `note.created` events of
   * the same batch (their `created_at` is the statement's now(), shared by the whole publish), in
   * seq order.
   */
  private async reviewNotes(ev: StoredEvent, size: number): Promise<ApiNote[]> {
    const rows = (await this.ds.query(
      `SELECT e.payload->'payload'->'note' AS note FROM issue_events e, issue_events last
       WHERE last.id = $1 AND e.noteable_type = last.noteable_type AND e.noteable_id = last.noteable_id AND e.type = 'note.created'
         AND e.created_at = last.created_at AND e.seq <= last.seq AND (e.payload->'payload'->'batch'->>'size')::int = $2
       ORDER BY e.seq`,
      [ev.id, size],
    )) as Array<{ note: ApiNote | string }>;
    return rows.map((r) => (typeof r.note === 'string' ? (JSON.parse(r.note) as ApiNote) : r.note));
  }

  /** The issue's assignees before this event: its previous 'issue.assignees' event, else none (a merge request's: merge-request-plans.ts). */
  private async previousAssignees(ev: StoredEvent): Promise<Set<number>> {
    const [prev] = (await this.ds.query(
      `SELECT payload->'payload' AS doc FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 AND seq < $2 AND type = 'issue.assignees' ORDER BY seq DESC LIMIT 1`,
      [ev.targetId, ev.seq],
    )) as Array<{ doc: { assignees?: UserBasic[] } }>;
    return new Set((prev?.doc.assignees ?? []).map((u) => u.id));
  }
}
