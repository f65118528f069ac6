import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type EntityMetadata } from 'typeorm';
import type { IssueFieldsChanged } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { countWriteRace } from '../../../core/metrics/metrics';
import type { Actor } from '../../../core/policy/policy';
import { EventStatement, type PlannedEvent } from '../../../core/realtime/event-append';
import { EventLogService, type StatementTx, type Tx } from '../../../core/realtime/event-log.service';
import { NoteWriter } from '../../note/note-writer';
import type { SystemNoteText } from '../../note/system-notes';
import type { User } from '../../user/user.entity';
import { ISSUE_FIELDS } from '../fields';
import { FieldEnvBuilder } from '../fields/field-env';
import { NOW, type ColumnChange, type FieldEnv, type IssueField, type SideChange } from '../fields/issue-field';
import type { IssueUpdateInput } from '../fields/issue-input';
import { authorizeOnIssue, issueNoteable, type HydratedIssue, type IssueContext } from '../issue-context';
import { Issue } from '../issue.entity';
import { IssueLoader, type LoadedIssue } from '../issue.loader';
import { userFromRow } from '../../user/user.row';
import { DescriptionVersionStore } from '../../note/description-versions/description-version.store';
import { QuickActionInterpreter } from '../quick-actions/quick-action-interpreter';
import { systemNotes } from '../../note/system-notes';
import { SpamCheckService } from '../../spam/spam-check.service';

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
  /** The hydration the column changes leave (the milestone or iteration now named). */
  patch: Partial<HydratedIssue>;
}

/** Stands in for the statement's now() until the statement tells it. */
const EPOCH = new Date(0);
const EPOCH_ISO = EPOCH.toISOString();

/** Optimistic tries (each a re-read and one statement) before taking the row lock. */
const OPTIMISTIC_ATTEMPTS = 3;

/** Thrown inside an attempt when the row moved on since it was read. */
class RowMoved extends Error {}

/** Thrown inside an attempt when a row a field names (milestone, iteration) is no longer as planned: retried on a fresh read. */
class NamedRowChanged extends Error {}

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
    private readonly loader: IssueLoader,
    private readonly events: EventLogService,
    private readonly fieldEnv: FieldEnvBuilder,
    private readonly notes: NoteWriter,
    private readonly descriptionVersions: DescriptionVersionStore,
    private readonly quickActions: QuickActionInterpreter,
    private readonly spam: SpamCheckService,
  ) {
    this.issueMeta = ds.getMetadata(Issue);
  }

  async execute(actor: Actor | null, read: IssueContext | LoadedIssue, input: IssueUpdateInput, opts: { lockVersion?: number } = {}): Promise<UpdateIssueResult> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    input = await this.withDescriptionQuickActions(actor, read, input);
    const fields = ISSUE_FIELDS.filter((f) => input[f.key] !== undefined);
    this.authorize(actor, read, fields, input);
    if (opts.lockVersion !== undefined && opts.lockVersion !== read.issue.lockVersion) throw new AppError('ISSUE_STALE');
    // A new title or description the spam check flags needs a captcha first (nothing is written)
    const title = input.title !== undefined && input.title !== read.issue.title ? input.title : null;
    const description = typeof input.description === 'string' && input.description !== read.issue.description ? input.description : null;
    if (title !== null || description !== null) await this.spam.check(actor, { noteableType: 'Issue', entity: 'issue', issueId: read.issue.id, title: title ?? '', description });
    const user = ('actorUser' in read ? read.actorUser : null) ?? (await this.userOf(actor));
    let written: Written | null = null;
    let ctx: IssueContext = read;
    for (let attempt = 1; ; attempt++) {
      try {
        // Optimistic first: the write names the lock_version and event_seq this request read;
        // after a few lost races, the row lock (which always wins)
        written = await this.attempt(actor, user, ctx, fields, input, attempt > OPTIMISTIC_ATTEMPTS);
        break;
      } catch (err) {
        // Lost a race. With the client's lock_version that is the 409 the page explains;
        // without, read the issue again, re-check the policy and apply to what is there now.
        // A milestone or iteration changed since it was known: plan again on a fresh read (a 400 if gone)
        if (err instanceof NamedRowChanged && attempt <= OPTIMISTIC_ATTEMPTS) continue;
        if (!(err instanceof RowMoved)) throw err;
        countWriteRace();
        if (opts.lockVersion !== undefined || attempt > OPTIMISTIC_ATTEMPTS) throw new AppError('ISSUE_STALE');
        const again = await this.loader.contextFor(read.project, read.projectFacts, read.issue.iid);
        if (!again) throw new AppError('ISSUE_NOT_FOUND');
        this.authorize(actor, again, fields, input);
        ctx = again;
      }
    }
    const planned = written?.ctx ?? ctx;
    return { issue: written?.issue ?? planned.issue, hydrated: await this.hydration(read, planned, written, actor) };
  }

  /**
   * Runs inside the caller's transaction (a comment's quick actions, written with the note):
   * always the locked path, its events recorded on `tx` and published after the caller's
   * COMMIT. Returns the updated row, or null when nothing changed.
   */
  async executeInTx(tx: Tx, actor: Actor, read: IssueContext, input: IssueUpdateInput): Promise<Issue | null> {
    const fields = ISSUE_FIELDS.filter((f) => input[f.key] !== undefined);
    if (!fields.length) return null;
    this.authorize(actor, read, fields, input);
    // Everything on the caller's connection: on PGlite another one would wait for this transaction
    const user = ('actorUser' in read ? (read as LoadedIssue).actorUser : null) ?? (await this.userOf(actor, tx.manager));
    try {
      const written = await this.lockedWrite(tx, actor, user, read, fields, input, true, await this.fieldEnv.build(actor, user, read.project, input, tx.manager));
      return written?.issue ?? null;
    } catch (err) {
      // Read fresh in this transaction and changed before its write: a concurrent edit
      if (err instanceof NamedRowChanged) throw new AppError('ISSUE_STALE');
      throw err;
    }
  }

  /**
   * Quick actions in a new description (GitLab applies them and stores the text without the
   * command lines): the commands the actor may run become fields of this same update (over
   * the request's own values for the same fields, as GitLab merges them). Costs nothing unless the description has a command line.
   */
  private async withDescriptionQuickActions(actor: Actor, read: IssueContext, input: IssueUpdateInput): Promise<IssueUpdateInput> {
    if (typeof input.description !== 'string' || !input.description.includes('/')) return input;
    const qa = await this.quickActions.interpretText(actor, read, input.description);
    if (!qa) return input;
    return { ...input, ...qa.input, description: qa.body };
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
    const env = await this.fieldEnv.build(actor, user, read.project, input);
    const sideFields = fields.filter((f) => f.write);
    // A description change writes its version and may merge its note: the transaction path
    if (!lock && !sideFields.length && input.description === undefined && !fields.some((f) => f.afterWrite)) {
      // Columns only: the whole write is one statement, guarded by the version read with the issue
      // (and by the milestone or iteration it names, known from before or read first)
      return this.events.autocommit(async (tx) => {
        const columns = this.plan(fields, input, read, env, await this.resolveNamed(tx, read, fields, input, false));
        if (!columns.length) return null;
        return { issue: await this.write(tx, read, actor, env, columns, []), ctx: read, sideChanged: false, actorUser: user, patch: patchOf(columns) };
      });
    }
    return this.events.transaction((tx) => this.lockedWrite(tx, actor, user, read, fields, input, lock, env));
  }

  /** The transactional write: lock the row, plan against it, side tables, the description's version, the one write. */
  private async lockedWrite(tx: Tx, actor: Actor, user: User, read: IssueContext, fields: readonly IssueField[], input: IssueUpdateInput, lock: boolean, env?: FieldEnv): Promise<Written | null> {
    env ??= await this.fieldEnv.build(actor, user, read.project, input);
    const ctx = await this.loader.contextFor(read.project, read.projectFacts, read.issue.iid, tx.manager, { lock: true });
    if (!ctx) throw new AppError('ISSUE_NOT_FOUND');
    if (!lock && ctx.issue.lockVersion !== read.issue.lockVersion) throw new RowMoved();
    if (lock) this.authorize(actor, ctx, fields, input);
    const columns = this.plan(fields, input, ctx, env, await this.resolveNamed(tx, ctx, fields, input, true));
    const sides: SideChange[] = [];
    for (const field of fields.filter((f) => f.write)) {
      const change = await field.write!(input[field.key] as never, tx, ctx, env);
      if (change) sides.push(change);
    }
    if (!columns.length && !sides.length) return null;
    // The description's new version; its note is new, or the author's previous one absorbs it
    const described = columns.find((c) => c.field.key === 'description');
    const version = described ? await this.descriptionVersions.recordChange(tx, ctx.issue.id, actor.id, (described.change.set.description as string | null) ?? null, { description: ctx.issue.description, authorId: ctx.issue.lastEditedById ?? ctx.issue.authorId }) : null;
    if (described && version) {
      described.change = { ...described.change, notes: version.mergeIntoNoteId ? [] : [{ ...systemNotes.descriptionChanged(), descriptionVersionId: version.versionId }] };
    }
    const issue = await this.write(tx, ctx, actor, env, columns, sides);
    for (const { field } of columns) await field.afterWrite?.(issue, ctx.issue, tx, { env, project: ctx.project });
    if (version?.mergeIntoNoteId) await this.descriptionVersions.mergeNote(tx, issueNoteable(issue, ctx.project), version.mergeIntoNoteId, version.versionId, env.actorBasic);
    return { issue, ctx, sideChanged: sides.length > 0, actorUser: user, patch: patchOf(columns) };
  }

  /** The rows the fields' values name (milestone, iteration), by field; `fresh` reads them now. */
  private async resolveNamed(tx: StatementTx, ctx: IssueContext, fields: readonly IssueField[], input: IssueUpdateInput, fresh: boolean): Promise<Map<IssueField, unknown>> {
    const named = new Map<IssueField, unknown>();
    for (const field of fields) if (field.resolve) named.set(field, await field.resolve(input[field.key] as never, ctx, tx, { fresh }));
    return named;
  }

  private plan(fields: readonly IssueField[], input: IssueUpdateInput, ctx: IssueContext, env: FieldEnv, named: Map<IssueField, unknown>) {
    const out: Array<{ field: IssueField; change: ColumnChange }> = [];
    for (const field of fields) {
      const change = field.plan?.(input[field.key] as never, ctx.issue, env, named.get(field));
      if (change) out.push({ field, change });
    }
    return out;
  }

  /**
   * The write as ONE statement: the UPDATE of the row (columns, lock_version + 1, event_seq + n,
   * stamps) guarded by the lock_version and event_seq this request read, the system notes and
   * the events; nothing is written when the guard fails (RowMoved). Payloads are built here with
   * the seqs and version the guard makes certain; what only the statement knows (now(), note
   * ids) the event log's append (EventStatement) fills into the stored and the live events alike.
   */
  private async write(tx: StatementTx, ctx: IssueContext, actor: Actor, env: FieldEnv, columns: Array<{ field: IssueField; change: ColumnChange }>, sides: SideChange[]): Promise<Issue> {
    const read = ctx.issue;
    const texts: SystemNoteText[] = [...columns.flatMap((c) => c.change.notes), ...sides.flatMap((s) => s.notes)];
    const eventCount = texts.length + (columns.length ? 1 : 0) + sides.reduce((n, s) => n + s.events.length, 0);

    // The row as the statement will leave it; the statement's now() stands in as EPOCH until it is known
    const set = new Map<string, unknown>();
    const predicted = Object.assign(this.issueMeta.create() as Issue, read, { lockVersion: read.lockVersion + 1, eventSeq: read.eventSeq + eventCount, updatedAt: EPOCH, updatedById: actor.id });
    for (const { change } of columns) {
      for (const [prop, value] of Object.entries(change.set)) {
        set.set(this.column(prop), value);
        (predicted as unknown as Record<string, unknown>)[prop] = value === NOW ? EPOCH : value;
      }
    }
    if (columns.some((c) => c.change.edited)) {
      set.set('last_edited_at', NOW);
      set.set('last_edited_by_id', actor.id);
      Object.assign(predicted, { lastEditedAt: EPOCH, lastEditedById: actor.id });
    }

    const noteable = issueNoteable(read, ctx.project);
    const drafts = this.notes.systemNoteDrafts(noteable, ctx.project.id, env.actorBasic, texts);
    const events: PlannedEvent[] = [...drafts.events];
    if (columns.length) {
      const fields: IssueFieldsChanged = { lock_version: predicted.lockVersion, updated_at: EPOCH_ISO, updated_by: env.actorBasic };
      for (const { field, change } of columns) Object.assign(fields, field.event?.(predicted, env), change.eventFields);
      const timePaths = Object.entries(fields).filter(([, v]) => v === EPOCH_ISO).map(([k]) => `{payload,fields,${k}}`);
      events.push({ type: 'issue.updated', payload: { fields }, timePaths });
    }
    for (const side of sides) for (const e of side.events) events.push({ type: e.type, payload: e.payload(predicted), timePaths: e.timePaths ?? [] });

    // The event log's append takes its seqs from this UPDATE (guarded by the event_seq read)
    const st = new EventStatement({ noteable, actor: env.actorBasic, events, urlPrefix: drafts.urlPrefix, seqFrom: 'upd' });
    const param = st.param;
    const guards = columns.flatMap((c) => (c.change.guard ? [c.change.guard] : []));
    const assignments = [...set].map(([col, value]) => `${col} = ${value === NOW ? 'now()' : param(value)}`);
    const text = `WITH upd AS (
        UPDATE issues SET ${[...assignments, 'lock_version = lock_version + 1', `event_seq = event_seq + ${param(events.length)}::int`, 'updated_at = now()', `updated_by_id = ${param(actor.id)}::int`].join(', ')}
        WHERE ${[`id = ${param(read.id)}::int AND lock_version = ${param(read.lockVersion)}::int AND event_seq = ${param(read.eventSeq)}::int`, ...guards.map((g) => g.sql(param))].join(' AND ')}
        RETURNING event_seq),
      ${drafts.ctes(param, 'upd')},
      ${st.ctes()}
      SELECT ${st.columns} FROM upd`;
    // The notes and events are appended with the row's UPDATE, and recorded on `tx` with the same fills
    const out = await st.run(tx, 'issue.write', text);
    if (!out) {
      if (guards.length) {
        // The issue as read, so a named row failed its guard: forget it, plan again
        const [now] = await tx.query<{ lock_version: number; event_seq: number }>('issue.version', 'SELECT lock_version, event_seq FROM issues WHERE id = $1', [read.id]);
        if (now && Number(now.lock_version) === read.lockVersion && Number(now.event_seq) === read.eventSeq) {
          for (const g of guards) g.stale();
          throw new NamedRowChanged();
        }
      }
      throw new RowMoved();
    }

    // The row is what the guard made certain (the read, this write's columns) with the
    // statement's now() where it wrote now(): no need to send the row back
    const fresh = predicted as Issue & Record<string, unknown>;
    const written = new Date(out.at);
    for (const c of this.issueMeta.columns) if (fresh[c.propertyName] === EPOCH) fresh[c.propertyName] = written;
    return fresh;
  }

  /** The API hydration after the write: the one read with the issue, patched, unless side tables changed. */
  private async hydration(read: IssueContext | LoadedIssue, ctx: IssueContext, fresh: Written | null, actor: Actor): Promise<HydratedIssue> {
    // The read's hydration holds only if the write planned against that same read
    const pre = 'hydrated' in read && read.hydrated?.issue === ctx.issue ? read.hydrated : null;
    // The viewer's subscription is not the write's business: carried over from the read
    const subscribed = 'hydrated' in read ? read.hydrated?.subscribed : undefined;
    if (!fresh) return pre ?? { ...(await this.loader.hydrate([ctx.issue], new Map([[ctx.project.id, ctx.project]]), actor))[0]!, subscribed };
    if (!pre || fresh.sideChanged || !('actorUser' in read) || read.actorUser === null) {
      return { ...(await this.loader.hydrate([fresh.issue], new Map([[ctx.project.id, ctx.project]]), actor))[0]!, subscribed };
    }
    const i = fresh.issue;
    const userFor = (id: number | null, before: User | null) => (id === null ? null : id === actor.id ? fresh.actorUser : before);
    return { ...pre, ...fresh.patch, issue: i, closedBy: userFor(i.closedById, pre.closedBy), updatedBy: userFor(i.lastEditedById, pre.updatedBy) };
  }

  private column(prop: string): string {
    const c = this.issueMeta.findColumnWithPropertyName(prop);
    if (!c) throw new Error(`issues has no column for ${prop}`);
    return c.databaseName;
  }

  private async userOf(actor: Actor, m: EntityManager | DataSource = this.ds): Promise<User> {
    const [row] = await m.query(
      'SELECT id, username, name, email, avatar_url, state, is_admin, created_at, updated_at FROM users WHERE id = $1',
      [actor.id],
    );
    if (!row) throw new AppError('UNAUTHORIZED');
    return userFromRow(row);
  }
}

/** The hydration the column changes leave, merged. */
const patchOf = (columns: Array<{ change: ColumnChange }>): Partial<HydratedIssue> => Object.assign({}, ...columns.map((c) => c.change.hydration ?? {}));
