import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DRAFT_ERRORS, REVIEW_LIMITS, type ApiDiffPosition, type ApiDraftNote } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import { draftNoteAbilities } from '../../../core/policy/merge-request-permissions';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { AddAwardAction } from '../../award/actions/add-award';
import { AwardableLoader } from '../../award/awardable.loader';
import { CreateNoteAction, type PreparedNote } from '../../note/actions/create-note';
import { explainQuickActions } from '../../issue/quick-actions/explain-quick-actions';
import { parseQuickActions, type QuickActionCommand } from '../../issue/quick-actions/parse-quick-actions';
import { ResolveNoteAction } from '../../note/actions/resolve-note';
import { NoteFinder } from '../../note/note.finder';
import { runNoteRowsStatement } from '../../note/note-statement';
import { User } from '../../user/user.entity';
import { mentionedUsernames } from '../../todo/mentions';
import { toUserBasic } from '../../user/user.mapper';
import { USER_COLUMNS, userFromRow, type UserRow } from '../../user/user.row';
import { setReviewState } from '../actions/rereview-merge-request';
import { actorBasic } from '../actions/update-merge-request';
import type { MergeRequestNoteTarget } from '../discussions/merge-request-note-target';
import { deleteDrafts, draftById, draftsOf, insertDraft, updateDraft, type DraftNoteRow } from './draft-note.store';
import type { DraftCreateInput, DraftUpdateInput } from './draft-note.validation';

/**
 * Review drafts (GitLab's DraftNotes services): pending comments only their author sees, kept in
 * `draft_notes`, and the review's publish, which turns every draft into its note in ONE
 * transaction: the drafts are deleted first (a second, racing publish finds none and writes
 * nothing), then the notes are written by the note module's statement (all of them in one:
 * runNoteRowsStatement), then the threads the drafts resolve or reopen. A publish of notes alone (no
 * command, resolve, reopening or review state) is that one statement, the drafts' delete in it, committed
 * on its own. The note.created events carry
 * `batch` {index, size}, are published after COMMIT as one bus message, and the client applies
 * them together when the last one is in.
 */
@Injectable()
export class DraftNotesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly markdown: MarkdownService,
    private readonly events: EventLogService,
    private readonly notes: NoteFinder,
    private readonly createNote: CreateNoteAction,
    private readonly resolveNote: ResolveNoteAction,
    private readonly awardables: AwardableLoader,
    private readonly addAward: AddAwardAction,
  ) {}

  /** The actor's drafts on the merge request (everyone else's stay invisible). */
  async list(actor: Actor | null, t: MergeRequestNoteTarget): Promise<ApiDraftNote[]> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const rows = await draftsOf(this.ds, t.mergeRequest.mr.id, actor.id);
    return this.present(t, rows);
  }

  async get(actor: Actor | null, t: MergeRequestNoteTarget, id: number | null): Promise<ApiDraftNote> {
    const row = await this.own(actor, t, id, 'read');
    return (await this.present(t, [row]))[0]!;
  }

  async create(actor: Actor | null, t: MergeRequestNoteTarget, input: DraftCreateInput): Promise<ApiDraftNote> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (!draftNoteAbilities(actor, t.abilities, actor.id).create) throw new AppError('FORBIDDEN');
    let position: ApiDiffPosition | null = null;
    if (input.inReplyToDiscussionId) {
      // A reply is shown under its thread, and published into it: the thread must be one the actor reads
      const thread = await this.notes.thread({ type: 'MergeRequest', id: t.mergeRequest.mr.id }, { discussionId: input.inReplyToDiscussionId }, null);
      const root = thread.notes[0];
      if (!root || root.system || (root.internal && !t.abilities.readInternalNote)) throw new ValidationError({ in_reply_to_discussion_id: [DRAFT_ERRORS.discussionNotFound] });
      position = root.position ?? null;
    } else if (input.position !== null) {
      position = await this.checkPosition(t, input.position);
    }
    const row = await insertDraft(
      this.ds,
      {
        mergeRequestId: t.mergeRequest.mr.id,
        authorId: actor.id,
        note: input.note,
        noteHtml: this.renderText(t, input.note),
        position,
        discussionId: input.inReplyToDiscussionId,
        resolveDiscussion: input.resolveDiscussion,
        commitId: input.commitId,
      },
      REVIEW_LIMITS.maxDrafts,
    );
    if (!row) throw new ValidationError({ base: [DRAFT_ERRORS.tooMany] });
    return (await this.present(t, [row]))[0]!;
  }

  async update(actor: Actor | null, t: MergeRequestNoteTarget, id: number | null, input: DraftUpdateInput): Promise<ApiDraftNote> {
    const row = await this.own(actor, t, id, 'update');
    const note = input.note ?? row.note;
    // A reply keeps its thread's position; a new thread's may move to another line
    const position = row.discussionId || input.position === null ? row.position : await this.checkPosition(t, input.position);
    const updated = await updateDraft(this.ds, row.id, row.authorId, { note, noteHtml: this.renderText(t, note), resolveDiscussion: input.resolveDiscussion ?? row.resolveDiscussion, position });
    if (!updated) throw new AppError('DRAFT_NOTE_NOT_FOUND');
    return (await this.present(t, [updated]))[0]!;
  }

  async remove(actor: Actor | null, t: MergeRequestNoteTarget, id: number | null): Promise<void> {
    const row = await this.own(actor, t, id, 'update');
    await deleteDrafts(this.ds, [row.id], row.authorId);
  }

  /** PUT .../draft_notes/:id/publish: one draft becomes its note (the rest stay pending). */
  async publishOne(actor: Actor | null, t: MergeRequestNoteTarget, id: number | null): Promise<void> {
    const row = await this.own(actor, t, id, 'publish');
    await this.publishRows(actor!, t, [row], null);
  }

  /** POST .../draft_notes/bulk_publish: every draft of the actor, and the optional summary comment, at once. */
  async bulkPublish(actor: Actor | null, t: MergeRequestNoteTarget, summary: string | null): Promise<number> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (!draftNoteAbilities(actor, t.abilities, actor.id).publish) throw new AppError('FORBIDDEN');
    const rows = await draftsOf(this.ds, t.mergeRequest.mr.id, actor.id);
    if (!rows.length && summary === null) return 0;
    return this.publishRows(actor, t, rows, summary, true);
  }

  /**
   * `submitReview`: a reviewer's submitted review marks them as having reviewed (GitLab's
   * MarkReviewerReviewedService), live, unless its commands approved or unapproved. A draft's
   * quick actions (stored as typed) run here, in the publish's transaction before the notes, as
   * a comment's do; a draft of only commands publishes no note. Their /award is the award module's
   * own write, in the same transaction (a comment's waits for its commit). /merge waits for the commit.
   */
  private async publishRows(actor: Actor, t: MergeRequestNoteTarget, rows: DraftNoteRow[], summary: string | null, submitReview = false): Promise<number> {
    const commands: QuickActionCommand[] = [];
    const bodies = rows.map((d) => {
      const parsed = parseQuickActions(d.note, { names: t.commandNames }) as { body: string; commands: QuickActionCommand[] };
      commands.push(...parsed.commands);
      return parsed.body.trim() ? parsed.body : null;
    });
    const summaryParsed = summary === null ? null : (parseQuickActions(summary, { names: t.commandNames }) as { body: string; commands: QuickActionCommand[] });
    if (summaryParsed) commands.push(...summaryParsed.commands);
    const summaryBody = summaryParsed?.body.trim() ? summaryParsed.body : null;
    const size = bodies.filter((b) => b !== null).length + (summaryBody === null ? 0 : 1);
    // Every read is made before the transaction opens (PGlite has one connection). A reply sets
    // its thread's state as GitLab's set_discussion_resolve_status, the thread's last reply
    // deciding: resolved when it asks to and the actor may resolve the thread, otherwise a
    // resolved thread is reopened (a thread that cannot be resolved is left as it is).
    const lastReply = new Map<string, DraftNoteRow>();
    for (const d of rows) if (d.discussionId) lastReply.set(d.discussionId, d);
    const resolves = new Map<string, Awaited<ReturnType<ResolveNoteAction['prepare']>>>();
    const reopens: Array<Awaited<ReturnType<ResolveNoteAction['prepare']>>> = [];
    for (const [discussionId, d] of lastReply) {
      const r = d.resolveDiscussion ? await this.resolveNote.prepare(actor, t, { discussionId }, true).catch(() => null) : null;
      if (r) {
        resolves.set(discussionId, r);
        continue;
      }
      const reopen = await this.resolveNote.prepare(actor, t, { discussionId }, false, 'api', true).catch(() => null);
      if (reopen?.changes) reopens.push(reopen);
    }
    // The notes are planned a few at a time (their reads overlap; a 30-draft review planned one
    // after another took most of its publish's time; a diff note's plan reads the diff, so not all
    // at once), with the author read once for all of them
    const actorUser = t.actorUser ?? (await this.ds.getRepository(User).findOneBy({ id: actor.id }));
    const target: MergeRequestNoteTarget = actorUser ? { ...t, actorUser } : t;
    const planned: Array<{ body: string; d: DraftNoteRow | null }> = [];
    for (const [i, d] of rows.entries()) {
      const body = bodies[i];
      if (body !== null && body !== undefined) planned.push({ body, d });
    }
    if (summaryBody !== null) planned.push({ body: summaryBody, d: null });
    const notes: PreparedNote[] = await mapAtMost(PLANNED_AT_ONCE, planned, ({ body, d }, k) =>
        this.createNote.prepare(
          actor,
          target,
          d
            ? {
                body,
                type: 'DiscussionNote',
                position: d.discussionId ? null : d.position,
                discussionId: d.discussionId,
                resolved: d.discussionId !== null && resolves.has(d.discussionId),
                batch: { index: k + 1, size },
              }
            : { body, type: null, batch: { index: size, size } },
        ),
    );

    const ids = rows.map((d) => d.id);
    const reviewer = submitReview && t.mergeRequest.mr.reviewers.some((r) => r.id === actor.id) ? await actorBasic(this.ds, actor, this.config.publicUrl) : null;
    // Notes and nothing else (no command, resolve, reopening or review state): the drafts' delete and
    // the notes are one statement, committed on its own (no BEGIN, DELETE and COMMIT round trips)
    const reviewState = reviewer !== null;
    if (notes.length && !commands.length && !resolves.size && !reopens.length && !reviewState) {
      const out = await this.events.autocommit((tx) => runNoteRowsStatement(tx, notes.map((n) => n.row), { ids, authorId: actor.id }));
      return out.changed.size ? notes.length : 0;
    }
    const outcome = { changes: {} as Record<string, unknown>, status: { messages: [] as string[], error_messages: [] as string[] } };
    const published = await this.events.transaction(async (tx) => {
      // The drafts go first: a publish racing this one waits on their rows, then finds none
      const gone = await deleteDrafts(tx.manager, ids, actor.id);
      if (gone.length !== ids.length) return null;
      if (commands.length && t.commands) {
        const ran = await t.commands(tx, actor, commands);
        Object.assign(outcome, { changes: ran.changes, status: { messages: ran.messages, error_messages: ran.errorMessages } });
        const emoji = ran.changes.emoji_award;
        // The planner checked awardEmoji; an award given already stays as it is (GitLab's silence)
        if (typeof emoji === 'string') await this.addAward.execute(actor, this.awardables.ofTarget(actor, t), emoji, tx);
      }
      // The notes: one statement for all of them (one round trip, not one a note)
      if (notes.length > 1) await runNoteRowsStatement(tx, notes.map((n) => n.row));
      else for (const n of notes) await n.run(tx);
      for (const r of [...resolves.values(), ...reopens]) await r.run(tx);
      if (reviewer && !outcome.changes.approve && !outcome.changes.unapprove) await setReviewState(tx, this.config.publicUrl, t.mergeRequest, actor.id, 'reviewed', reviewer);
      return notes.length;
    });
    if (published !== null && commands.length && t.afterCommands) await t.afterCommands(actor, outcome.changes, outcome.status);
    return published ?? 0;
  }

  /** The draft, when it is the actor's (anyone else's is "not found": drafts are private). */
  private async own(actor: Actor | null, t: MergeRequestNoteTarget, id: number | null, want: 'read' | 'update' | 'publish'): Promise<DraftNoteRow> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const row = id === null ? null : await draftById(this.ds, t.mergeRequest.mr.id, id);
    const can = draftNoteAbilities(actor, t.abilities, row?.authorId ?? null);
    if (!row || !can.read) throw new AppError('DRAFT_NOTE_NOT_FOUND');
    if (!can[want]) throw new AppError('FORBIDDEN');
    return row;
  }

  private async checkPosition(t: MergeRequestNoteTarget, raw: unknown): Promise<ApiDiffPosition> {
    if (!t.diffPosition) throw new ValidationError({ position: ['is not supported on this noteable'] });
    return t.diffPosition(raw);
  }

  /** A draft's text shown without its command lines (GitLab's PreviewMarkdownService renders the explained text). */
  private renderText(t: MergeRequestNoteTarget, note: string): string {
    return this.markdown.render(explainQuickActions(note, t.commandNames).body, t.markdown);
  }

  /**
   * GitLab's draft `references`: `users`, the existing users the text mentions, and `commands`,
   * the explanation of its quick actions (QuickActions explain, rendered as markdown; '' without any).
   */
  private async references(t: MergeRequestNoteTarget, rows: DraftNoteRow[]): Promise<Map<number, { users: string[]; commands: string }>> {
    const parts = rows.map((r) => ({ id: r.id, ...explainQuickActions(r.note, t.commandNames) }));
    const mentioned = parts.map((p) => mentionedUsernames(p.body));
    const names = [...new Set(mentioned.flat())];
    const found = names.length ? ((await this.ds.query(`SELECT username FROM users WHERE lower(username) = ANY($1::text[])`, [names])) as Array<{ username: string }>) : [];
    const byName = new Map(found.map((u) => [u.username.toLowerCase(), u.username]));
    return new Map(
      parts.map((p, i) => {
        const users = mentioned[i]!.flatMap((n) => (byName.has(n) ? [byName.get(n)!] : []));
        const commands = p.commands.length ? this.markdown.render(p.commands.join(' '), t.markdown) : '';
        return [p.id, { users, commands }];
      }),
    );
  }

  private async present(t: MergeRequestNoteTarget, rows: DraftNoteRow[]): Promise<ApiDraftNote[]> {
    const ids = [...new Set(rows.map((r) => r.authorId))];
    const [users, references] = await Promise.all([
      ids.length ? (this.ds.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ANY($1::int[])`, [ids]) as Promise<UserRow[]>) : Promise.resolve([] as UserRow[]),
      this.references(t, rows),
    ]);
    const byId = new Map(users.map((u) => [Number(u.id), toUserBasic(userFromRow(u), this.config.publicUrl)]));
    return rows.map((r) => ({
      id: r.id,
      author_id: r.authorId,
      merge_request_id: r.mergeRequestId,
      discussion_id: r.discussionId,
      resolve_discussion: r.resolveDiscussion,
      note: r.note,
      note_html: r.noteHtml,
      commit_id: r.commitId,
      position: r.position,
      line_code: r.position?.position_type === 'text' ? (r.position.line_range?.end.line_code ?? null) : null,
      file_path: r.position?.new_path ?? null,
      author: byId.get(r.authorId) ?? null,
      references: references.get(r.id)!,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    }));
  }
}

/** Notes of a publish planned at once, at most. */
const PLANNED_AT_ONCE = 4;

/** `fn` over `items`, at most `limit` running at a time; the results in the items' order. */
async function mapAtMost<T, R>(limit: number, items: readonly T[], fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
