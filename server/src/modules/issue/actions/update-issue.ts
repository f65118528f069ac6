import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityMetadata } from 'typeorm';
import type { IssueFieldsChanged } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import { loadLabelLookup } from '../../../core/markdown/label-lookup';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService, type ReservedEvent, type Tx } from '../../../core/realtime/event-log.service';
import { LabelService } from '../../label/label.service';
import { NoteWriter } from '../../note/note-writer';
import type { SystemNoteText } from '../../note/system-notes';
import { ProjectService } from '../../project/project.service';
import type { User } from '../../user/user.entity';
import { toUserBasic } from '../../user/user.mapper';
import { ISSUE_FIELDS } from '../fields';
import { NOW, type ColumnChange, type FieldEnv, type IssueField, type SideChange } from '../fields/issue-field';
import type { IssueUpdateInput } from '../fields/issue-input';
import { authorizeOnIssue, issueNoteable, type HydratedIssue, type IssueContext } from '../issue-context';
import { Issue } from '../issue.entity';
import { IssueLoader, userFrom, type LoadedIssue } from '../issue.loader';

export interface UpdateIssueResult {
  issue: Issue;
  /** The issue's API hydration as it stands after the write. */
  hydrated: HydratedIssue;
}

/** What a write left: the updated row and the context it was planned against. */
interface Written {
  issue: Issue;
  ctx: IssueContext;
  sideChanged: boolean;
  actorUser: User;
}

/** Prepared-statement names (Postgres keeps 63 characters), one per distinct UPDATE shape. */
const updateNames = new Map<string, string>();
const statementName = (shape: string) => {
  let name = updateNames.get(shape);
  if (!name) updateNames.set(shape, (name = `issue.update.${updateNames.size + 1}`));
  return name;
};

/** Thrown inside an attempt when the row moved on since it was read. */
class RowMoved extends Error {}

/**
 * Changes an issue's fields (fields/index.ts) in one transaction: the field changes, the
 * system notes, the per-issue event seq and the events, published after COMMIT.
 *
 * Concurrency is optimistic: the UPDATE names the lock_version the request read. A write with
 * the client's lock_version that lost a race is a 409 (ISSUE_STALE, the page's "someone
 * edited" warning); one without re-reads the issue, re-checks the policy and retries. A title
 * change is four statements in the transaction (BEGIN, UPDATE ... RETURNING, notes+events in
 * one INSERT, COMMIT); side-table fields (labels, assignees) lock the row first.
 */
@Injectable()
export class UpdateIssueAction {
  private readonly issueMeta: EntityMetadata;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly loader: IssueLoader,
    private readonly events: EventLogService,
    private readonly markdown: MarkdownService,
    private readonly labels: LabelService,
    private readonly projects: ProjectService,
    private readonly notes: NoteWriter,
  ) {
    this.issueMeta = ds.getMetadata(Issue);
  }

  async execute(actor: Actor | null, read: IssueContext | LoadedIssue, input: IssueUpdateInput, opts: { lockVersion?: number } = {}): Promise<UpdateIssueResult> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const fields = ISSUE_FIELDS.filter((f) => input[f.key] !== undefined);
    this.authorize(actor, read, fields, input);
    if (opts.lockVersion !== undefined && opts.lockVersion !== read.issue.lockVersion) throw new AppError('ISSUE_STALE');
    const user = ('actorUser' in read ? read.actorUser : null) ?? (await this.userOf(actor));
    let written: Written | null;
    try {
      // Optimistic first: the UPDATE names the lock_version this request read
      written = await this.attempt(actor, user, read, fields, input, false);
    } catch (err) {
      // Lost a race. With the client's lock_version that is the 409 the page explains;
      // without, lock the row, re-read it, re-check the policy and apply to what is there now.
      if (!(err instanceof RowMoved)) throw err;
      if (opts.lockVersion !== undefined) throw new AppError('ISSUE_STALE');
      written = await this.attempt(actor, user, read, fields, input, true);
    }
    const ctx = written?.ctx ?? read;
    return { issue: written?.issue ?? ctx.issue, hydrated: await this.hydration(read, ctx, written, actor) };
  }

  private authorize(actor: Actor, ctx: IssueContext, fields: readonly IssueField[], input: IssueUpdateInput): void {
    const abilities = new Set(fields.map((f) => f.ability(input[f.key] as never, ctx.issue)));
    if (!abilities.has('reopen_issue')) abilities.add('update_issue');
    for (const a of abilities) authorizeOnIssue(actor, a, ctx);
  }

  /**
   * One transaction; null when nothing changed (no write, no event). `lock`: take the row lock
   * first and plan against the row as it is now (the retry after a lost race, and side tables).
   */
  private async attempt(actor: Actor, user: User, read: IssueContext, fields: readonly IssueField[], input: IssueUpdateInput, lock: boolean): Promise<Written | null> {
    // ~label references in the new text link only to labels that exist (a query only when there are any)
    const labelExists = await loadLabelLookup(this.ds, read.project.id, input.title, input.description);
    const env: FieldEnv = {
      actor,
      actorBasic: toUserBasic(user, this.config.publicUrl),
      markdown: this.markdown,
      render: { projectPath: read.project.fullPath, labelExists },
      labels: this.labels,
      publicUrl: this.config.publicUrl,
      projects: this.projects,
    };
    const sideFields = fields.filter((f) => f.write);
    const plan = (ctx: IssueContext) => {
      const out: Array<{ field: IssueField; change: ColumnChange }> = [];
      for (const field of fields) {
        const change = field.plan?.(input[field.key] as never, ctx.issue, env);
        if (change) out.push({ field, change });
      }
      return out;
    };
    if (!lock && !sideFields.length && !plan(read).length) return null;

    return this.events.transaction(async (tx) => {
      let ctx = read;
      if (lock || sideFields.length) {
        const locked = await this.loader.contextFor(read.project, read.projectFacts, read.issue.iid, tx.manager, { lock: true });
        if (!locked) throw new AppError('ISSUE_NOT_FOUND');
        if (!lock && locked.issue.lockVersion !== read.issue.lockVersion) throw new RowMoved();
        if (lock) this.authorize(actor, locked, fields, input);
        ctx = locked;
      }
      const columns = plan(ctx);
      const sides: SideChange[] = [];
      for (const field of sideFields) {
        const change = await field.write!(input[field.key] as never, tx, ctx, env);
        if (change) sides.push(change);
      }
      if (!columns.length && !sides.length) return null;
      const notes: SystemNoteText[] = [...columns.flatMap((c) => c.change.notes), ...sides.flatMap((s) => s.notes)];
      const eventCount = notes.length + (columns.length ? 1 : 0) + sides.reduce((n, s) => n + s.events.length, 0);
      const { issue: fresh, noteIds } = await this.updateRow(tx, ctx.issue, actor, columns.map((c) => c.change), eventCount, notes.length);

      const noteable = issueNoteable(fresh, ctx.project);
      const { prelude, notes: stored } = this.notes.systemNotesPrelude(noteIds, noteable, ctx.project.id, env.actorBasic, notes, fresh.updatedAt);
      const events: ReservedEvent[] = stored.map((note) => ({ type: 'note.created', payload: { note }, actor: env.actorBasic }));
      if (columns.length) {
        const changed: IssueFieldsChanged = { lock_version: fresh.lockVersion, updated_at: fresh.updatedAt.toISOString(), updated_by: env.actorBasic };
        for (const { field } of columns) Object.assign(changed, field.event?.(fresh, env));
        events.push({ type: 'issue.updated', payload: { fields: changed }, actor: env.actorBasic });
      }
      for (const side of sides) for (const e of side.events) events.push({ type: e.type, payload: e.payload(fresh), actor: env.actorBasic });
      await tx.appendReserved(noteable, events, fresh.eventSeq, fresh.updatedAt, notes.length ? prelude : undefined);
      return { issue: fresh, ctx, sideChanged: sides.length > 0, actorUser: user };
    });
  }

  /**
   * The one UPDATE: the columns, lock_version + 1, event_seq + (events), stamps; guarded by
   * the lock_version read with the issue. Returns the row and `noteCount` fresh note ids.
   */
  private async updateRow(tx: Tx, read: Issue, actor: Actor, changes: ColumnChange[], eventCount: number, noteCount: number): Promise<{ issue: Issue; noteIds: number[] }> {
    const set = new Map<string, unknown>();
    for (const c of changes) for (const [prop, value] of Object.entries(c.set)) set.set(this.column(prop), value);
    if (changes.some((c) => c.edited)) {
      set.set('last_edited_at', NOW);
      set.set('last_edited_by_id', actor.id);
    }
    const values: unknown[] = [read.id, read.lockVersion, eventCount, actor.id, noteCount];
    const assignments = [...set].map(([col, value]) => {
      if (value === NOW) return `${col} = now()`;
      values.push(value);
      return `${col} = $${values.length}`;
    });
    const rows = await tx.query<Record<string, unknown>>(
      statementName(assignments.join(',')),
      `UPDATE issues SET ${[...assignments, 'lock_version = lock_version + 1', 'event_seq = event_seq + $3', 'updated_at = now()', 'updated_by_id = $4'].join(', ')}
       WHERE id = $1 AND lock_version = $2
       RETURNING *, ARRAY(SELECT nextval('notes_id_seq') FROM generate_series(1, $5::int)) AS note_ids`,
      values,
    );
    if (!rows[0]) throw new RowMoved();
    const issue = this.issueMeta.create() as Issue & Record<string, unknown>;
    for (const c of this.issueMeta.columns) issue[c.propertyName] = this.ds.driver.prepareHydratedValue(rows[0][c.databaseName], c);
    return { issue, noteIds: (rows[0].note_ids as Array<number | string>).map(Number) };
  }

  /** The API hydration after the write: the one read with the issue, patched, unless side tables changed. */
  private async hydration(read: IssueContext | LoadedIssue, ctx: IssueContext, fresh: Written | null, actor: Actor): Promise<HydratedIssue> {
    // The read's hydration holds only if the write planned against that same read
    const pre = 'hydrated' in read && read.hydrated?.issue === ctx.issue ? read.hydrated : null;
    if (!fresh) return pre ?? (await this.loader.hydrate([ctx.issue], new Map([[ctx.project.id, ctx.project]])))[0]!;
    if (!pre || fresh.sideChanged || !('actorUser' in read) || read.actorUser === null) {
      return (await this.loader.hydrate([fresh.issue], new Map([[ctx.project.id, ctx.project]])))[0]!;
    }
    const i = fresh.issue;
    const userFor = (id: number | null, before: User | null) => (id === null ? null : id === actor.id ? fresh.actorUser : before);
    return { ...pre, issue: i, closedBy: userFor(i.closedById, pre.closedBy), updatedBy: userFor(i.lastEditedById, pre.updatedBy) };
  }

  private column(prop: string): string {
    const c = this.issueMeta.findColumnWithPropertyName(prop);
    if (!c) throw new Error(`issues has no column for ${prop}`);
    return c.databaseName;
  }

  private async userOf(actor: Actor): Promise<User> {
    const [row] = await this.ds.query(
      'SELECT id, username, name, email, avatar_url, state, is_admin, created_at, updated_at FROM users WHERE id = $1',
      [actor.id],
    );
    if (!row) throw new AppError('UNAUTHORIZED');
    return userFrom(row);
  }
}

