"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.UpdateIssueAction = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const label_lookup_1 = require("../../../core/markdown/label-lookup");
const markdown_service_1 = require("../../../core/markdown/markdown.service");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const label_service_1 = require("../../label/label.service");
const note_writer_1 = require("../../note/note-writer");
const project_service_1 = require("../../project/project.service");
const user_mapper_1 = require("../../user/user.mapper");
const fields_1 = require("../fields");
const issue_field_1 = require("../fields/issue-field");
const issue_context_1 = require("../issue-context");
const issue_entity_1 = require("../issue.entity");
const issue_loader_1 = require("../issue.loader");
const user_row_1 = require("../../user/user.row");
const description_version_store_1 = require("../../note/description-versions/description-version.store");
const quick_action_interpreter_1 = require("../../note/quick-actions/quick-action-interpreter");
const system_notes_1 = require("../../note/system-notes");
/** Prepared-statement names (Postgres keeps 63 characters), one per distinct write shape. */
const writeNames = new Map();
const statementName = (text) => {
    let name = writeNames.get(text);
    if (!name)
        writeNames.set(text, (name = `issue.write.${writeNames.size + 1}`));
    return name;
};
/** Stands in for the statement's now() until the statement tells it. */
const EPOCH = new Date(0);
const EPOCH_ISO = EPOCH.toISOString();
/** Sets `at` at each `{payload,fields,x}` path of an event payload (the JS side of tandem_jsonb_fill). */
function fillTimes(payload, paths, at) {
    if (!paths.length)
        return payload;
    const copy = structuredClone(payload);
    for (const p of paths) {
        const [, ...keys] = p.slice(1, -1).split(',');
        let node = copy;
        for (const k of keys.slice(0, -1))
            node = node[k];
        node[keys[keys.length - 1]] = at;
    }
    return copy;
}
/** Optimistic tries (each a re-read and one statement) before taking the row lock. */
const OPTIMISTIC_ATTEMPTS = 3;
/** Thrown inside an attempt when the row moved on since it was read. */
class RowMoved extends Error {
}
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
let UpdateIssueAction = class UpdateIssueAction {
    ds;
    config;
    loader;
    events;
    markdown;
    labels;
    projects;
    notes;
    descriptionVersions;
    quickActions;
    issueMeta;
    constructor(ds, config, loader, events, markdown, labels, projects, notes, descriptionVersions, quickActions) {
        this.ds = ds;
        this.config = config;
        this.loader = loader;
        this.events = events;
        this.markdown = markdown;
        this.labels = labels;
        this.projects = projects;
        this.notes = notes;
        this.descriptionVersions = descriptionVersions;
        this.quickActions = quickActions;
        this.issueMeta = ds.getMetadata(issue_entity_1.Issue);
    }
    async execute(actor, read, input, opts = {}) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        input = await this.withDescriptionQuickActions(actor, read, input);
        const fields = fields_1.ISSUE_FIELDS.filter((f) => input[f.key] !== undefined);
        this.authorize(actor, read, fields, input);
        if (opts.lockVersion !== undefined && opts.lockVersion !== read.issue.lockVersion)
            throw new app_error_1.AppError('ISSUE_STALE');
        const user = ('actorUser' in read ? read.actorUser : null) ?? (await this.userOf(actor));
        let written = null;
        let ctx = read;
        for (let attempt = 1;; attempt++) {
            try {
                // Optimistic first: the write names the lock_version and event_seq this request read;
                // after a few lost races, the row lock (which always wins)
                written = await this.attempt(actor, user, ctx, fields, input, attempt > OPTIMISTIC_ATTEMPTS);
                break;
            }
            catch (err) {
                // Lost a race. With the client's lock_version that is the 409 the page explains;
                // without, read the issue again, re-check the policy and apply to what is there now.
                if (!(err instanceof RowMoved))
                    throw err;
                if (opts.lockVersion !== undefined || attempt > OPTIMISTIC_ATTEMPTS)
                    throw new app_error_1.AppError('ISSUE_STALE');
                const again = await this.loader.contextFor(read.project, read.projectFacts, read.issue.iid);
                if (!again)
                    throw new app_error_1.AppError('ISSUE_NOT_FOUND');
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
    async executeInTx(tx, actor, read, input) {
        const fields = fields_1.ISSUE_FIELDS.filter((f) => input[f.key] !== undefined);
        if (!fields.length)
            return null;
        this.authorize(actor, read, fields, input);
        // Everything on the caller's connection: on PGlite another one would wait for this transaction
        const user = ('actorUser' in read ? read.actorUser : null) ?? (await this.userOf(actor, tx.manager));
        const written = await this.lockedWrite(tx, actor, user, read, fields, input, true, await this.env(actor, user, read, input, tx.manager));
        return written?.issue ?? null;
    }
    /**
     * Quick actions in a new description (GitLab applies them and stores the text without the
     * command lines): the commands the actor may run become fields of this same update (over
     * the request's own values for the same fields, as GitLab merges them). Costs nothing unless the description has a command line.
     */
    async withDescriptionQuickActions(actor, read, input) {
        if (typeof input.description !== 'string' || !input.description.includes('/'))
            return input;
        const qa = await this.quickActions.interpretText(actor, read, input.description);
        if (!qa)
            return input;
        return { ...input, ...qa.input, description: qa.body };
    }
    authorize(actor, ctx, fields, input) {
        const abilities = new Set(fields.map((f) => f.ability(input[f.key], ctx.issue)));
        if (!abilities.has('reopen_issue'))
            abilities.add('update_issue');
        for (const a of abilities)
            (0, issue_context_1.authorizeOnIssue)(actor, a, ctx);
    }
    /**
     * One transaction; null when nothing changed (no write, no event). `lock`: take the row lock
     * first and plan against the row as it is now (the retry after a lost race, and side tables).
     */
    async attempt(actor, user, read, fields, input, lock) {
        // ~label references in the new text link only to labels that exist (a query only when there are any)
        const labelExists = await (0, label_lookup_1.loadLabelLookup)(this.ds, read.project.id, input.title, input.description);
        const env = {
            actor,
            actorBasic: (0, user_mapper_1.toUserBasic)(user, this.config.publicUrl),
            markdown: this.markdown,
            render: { projectPath: read.project.fullPath, labelExists },
            labels: this.labels,
            publicUrl: this.config.publicUrl,
            projects: this.projects,
        };
        const sideFields = fields.filter((f) => f.write);
        const plan = (ctx) => {
            const out = [];
            for (const field of fields) {
                const change = field.plan?.(input[field.key], ctx.issue, env);
                if (change)
                    out.push({ field, change });
            }
            return out;
        };
        // A description change writes its version and may merge its note: the transaction path
        if (!lock && !sideFields.length && input.description === undefined) {
            // Columns only: the whole write is one statement, guarded by the version read with the issue
            const columns = plan(read);
            if (!columns.length)
                return null;
            return this.events.autocommit(async (tx) => ({ issue: await this.write(tx, read, actor, env, columns, []), ctx: read, sideChanged: false, actorUser: user }));
        }
        return this.events.transaction((tx) => this.lockedWrite(tx, actor, user, read, fields, input, lock, env));
    }
    /** The transactional write: lock the row, plan against it, side tables, the description's version, the one write. */
    async lockedWrite(tx, actor, user, read, fields, input, lock, env) {
        env ??= await this.env(actor, user, read, input);
        const ctx = await this.loader.contextFor(read.project, read.projectFacts, read.issue.iid, tx.manager, { lock: true });
        if (!ctx)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        if (!lock && ctx.issue.lockVersion !== read.issue.lockVersion)
            throw new RowMoved();
        if (lock)
            this.authorize(actor, ctx, fields, input);
        const columns = [];
        for (const field of fields) {
            const change = field.plan?.(input[field.key], ctx.issue, env);
            if (change)
                columns.push({ field, change });
        }
        const sides = [];
        for (const field of fields.filter((f) => f.write)) {
            const change = await field.write(input[field.key], tx, ctx, env);
            if (change)
                sides.push(change);
        }
        if (!columns.length && !sides.length)
            return null;
        // The description's new version; its note is new, or the author's previous one absorbs it
        const described = columns.find((c) => c.field.key === 'description');
        const version = described ? await this.descriptionVersions.recordChange(tx, ctx.issue.id, actor.id, described.change.set.description ?? null, { description: ctx.issue.description, authorId: ctx.issue.lastEditedById ?? ctx.issue.authorId }) : null;
        if (described && version) {
            described.change = { ...described.change, notes: version.mergeIntoNoteId ? [] : [{ ...system_notes_1.systemNotes.descriptionChanged(), descriptionVersionId: version.versionId }] };
        }
        const issue = await this.write(tx, ctx, actor, env, columns, sides);
        if (version?.mergeIntoNoteId)
            await this.descriptionVersions.mergeNote(tx, (0, issue_context_1.issueNoteable)(issue, ctx.project), version.mergeIntoNoteId, version.versionId, env.actorBasic);
        return { issue, ctx, sideChanged: sides.length > 0, actorUser: user };
    }
    async env(actor, user, read, input, m = this.ds) {
        const labelExists = await (0, label_lookup_1.loadLabelLookup)(m, read.project.id, input.title, input.description);
        return {
            actor,
            actorBasic: (0, user_mapper_1.toUserBasic)(user, this.config.publicUrl),
            markdown: this.markdown,
            render: { projectPath: read.project.fullPath, labelExists },
            labels: this.labels,
            publicUrl: this.config.publicUrl,
            projects: this.projects,
        };
    }
    /**
     * The write as ONE statement: the UPDATE of the row (columns, lock_version + 1, event_seq + n,
     * stamps) guarded by the lock_version and event_seq this request read, the system notes and
     * the events; nothing is written when the guard fails (RowMoved). Payloads are built here with
     * the seqs and version the guard makes certain; what only the statement knows (now(), note
     * ids) it fills into the stored payloads, and the same values are filled in here after.
     */
    async write(tx, ctx, actor, env, columns, sides) {
        const read = ctx.issue;
        const texts = [...columns.flatMap((c) => c.change.notes), ...sides.flatMap((s) => s.notes)];
        const eventCount = texts.length + (columns.length ? 1 : 0) + sides.reduce((n, s) => n + s.events.length, 0);
        const values = [];
        const param = (v) => {
            values.push(v);
            return `$${values.length}`;
        };
        // The row as the statement will leave it; the statement's now() stands in as EPOCH until it is known
        const set = new Map();
        const predicted = Object.assign(this.issueMeta.create(), read, { lockVersion: read.lockVersion + 1, eventSeq: read.eventSeq + eventCount, updatedAt: EPOCH, updatedById: actor.id });
        for (const { change } of columns) {
            for (const [prop, value] of Object.entries(change.set)) {
                set.set(this.column(prop), value);
                predicted[prop] = value === issue_field_1.NOW ? EPOCH : value;
            }
        }
        if (columns.some((c) => c.change.edited)) {
            set.set('last_edited_at', issue_field_1.NOW);
            set.set('last_edited_by_id', actor.id);
            Object.assign(predicted, { lastEditedAt: EPOCH, lastEditedById: actor.id });
        }
        const noteable = (0, issue_context_1.issueNoteable)(read, ctx.project);
        const drafts = this.notes.systemNoteDrafts(noteable, ctx.project.id, env.actorBasic, texts);
        const events = drafts.notes.map((note) => ({
            type: 'note.created',
            payload: { note },
            timePaths: [note_writer_1.NOTE_EVENT_PATHS.createdAt, note_writer_1.NOTE_EVENT_PATHS.updatedAt],
        }));
        if (columns.length) {
            const fields = { lock_version: predicted.lockVersion, updated_at: EPOCH_ISO, updated_by: env.actorBasic };
            for (const { field, change } of columns)
                Object.assign(fields, field.event?.(predicted, env), change.eventFields);
            const timePaths = Object.entries(fields).filter(([, v]) => v === EPOCH_ISO).map(([k]) => `{payload,fields,${k}}`);
            events.push({ type: 'issue.updated', payload: { fields }, timePaths });
        }
        for (const side of sides)
            for (const e of side.events)
                events.push({ type: e.type, payload: e.payload(predicted), timePaths: e.timePaths ?? [] });
        const assignments = [...set].map(([col, value]) => `${col} = ${value === issue_field_1.NOW ? 'now()' : param(value)}`);
        const text = `WITH upd AS (
        UPDATE issues SET ${[...assignments, 'lock_version = lock_version + 1', `event_seq = event_seq + ${param(eventCount)}::int`, 'updated_at = now()', `updated_by_id = ${param(actor.id)}::int`].join(', ')}
        WHERE id = ${param(read.id)}::int AND lock_version = ${param(read.lockVersion)}::int AND event_seq = ${param(read.eventSeq)}::int
        RETURNING *),
      now_iso AS (SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS iso),
      note_ids AS (SELECT nextval('notes_id_seq')::int AS id, g AS ord FROM upd, unnest(${param(texts.map((_, i) => i + 1))}::int[]) g),
      ${drafts.cte(param)},
      appended AS (INSERT INTO issue_events (noteable_type, noteable_id, seq, type, payload, actor_id, created_at)
        SELECT 'Issue', upd.id, ${param(read.eventSeq)}::int + e.ord::int, e.type,
          CASE WHEN ni.id IS NULL THEN tandem_jsonb_fill(e.payload::jsonb, string_to_array(e.time_paths, ';'), to_jsonb(now_iso.iso))
            ELSE jsonb_set(jsonb_set(tandem_jsonb_fill(e.payload::jsonb, string_to_array(e.time_paths, ';'), to_jsonb(now_iso.iso)),
              '${note_writer_1.NOTE_EVENT_PATHS.id}', to_jsonb(ni.id::text)), '${note_writer_1.NOTE_EVENT_PATHS.url}', to_jsonb(${param(drafts.urlPrefix)}::text || ni.id)) END,
          e.actor_id, now()
        FROM upd, now_iso, unnest(${param(events.map((e) => e.type))}::text[], ${param(events.map((e) => JSON.stringify({ payload: e.payload, actor: env.actorBasic, issue: noteable.ref })))}::text[],
          ${param(events.map(() => actor.id))}::int[], ${param(events.map((e) => e.timePaths.join(';')))}::text[]) WITH ORDINALITY AS e(type, payload, actor_id, time_paths, ord)
        LEFT JOIN note_ids ni ON ni.ord = e.ord)
      SELECT upd.*, (SELECT iso FROM now_iso) AS now_iso, ARRAY(SELECT id FROM note_ids ORDER BY ord) AS note_ids FROM upd`;
        const rows = await tx.query(statementName(text), text, values);
        if (!rows[0])
            throw new RowMoved();
        const fresh = this.issueMeta.create();
        for (const c of this.issueMeta.columns)
            fresh[c.propertyName] = this.ds.driver.prepareHydratedValue(rows[0][c.databaseName], c);
        const at = String(rows[0].now_iso);
        const noteIds = rows[0].note_ids.map(Number);
        // The same fills as the statement's, so a live event equals its replay
        tx.recordAppended(noteable, events.map((e, k) => {
            const payload = k < noteIds.length ? { note: (0, note_writer_1.fillSystemNote)(drafts.notes[k], noteIds[k], drafts.urlPrefix, at) } : fillTimes(e.payload, e.timePaths, at);
            return { type: e.type, seq: read.eventSeq + k + 1, issue: noteable.ref, payload, actor: env.actorBasic, at };
        }));
        return fresh;
    }
    /** The API hydration after the write: the one read with the issue, patched, unless side tables changed. */
    async hydration(read, ctx, fresh, actor) {
        // The read's hydration holds only if the write planned against that same read
        const pre = 'hydrated' in read && read.hydrated?.issue === ctx.issue ? read.hydrated : null;
        // The viewer's subscription is not the write's business: carried over from the read
        const subscribed = 'hydrated' in read ? read.hydrated?.subscribed : undefined;
        if (!fresh)
            return pre ?? { ...(await this.loader.hydrate([ctx.issue], new Map([[ctx.project.id, ctx.project]])))[0], subscribed };
        if (!pre || fresh.sideChanged || !('actorUser' in read) || read.actorUser === null) {
            return { ...(await this.loader.hydrate([fresh.issue], new Map([[ctx.project.id, ctx.project]])))[0], subscribed };
        }
        const i = fresh.issue;
        const userFor = (id, before) => (id === null ? null : id === actor.id ? fresh.actorUser : before);
        return { ...pre, issue: i, closedBy: userFor(i.closedById, pre.closedBy), updatedBy: userFor(i.lastEditedById, pre.updatedBy) };
    }
    column(prop) {
        const c = this.issueMeta.findColumnWithPropertyName(prop);
        if (!c)
            throw new Error(`issues has no column for ${prop}`);
        return c.databaseName;
    }
    async userOf(actor, m = this.ds) {
        const [row] = await m.query('SELECT id, username, name, email, avatar_url, state, is_admin, created_at, updated_at FROM users WHERE id = $1', [actor.id]);
        if (!row)
            throw new app_error_1.AppError('UNAUTHORIZED');
        return (0, user_row_1.userFromRow)(row);
    }
};
exports.UpdateIssueAction = UpdateIssueAction;
exports.UpdateIssueAction = UpdateIssueAction = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, issue_loader_1.IssueLoader,
        event_log_service_1.EventLogService,
        markdown_service_1.MarkdownService,
        label_service_1.LabelService,
        project_service_1.ProjectService,
        note_writer_1.NoteWriter,
        description_version_store_1.DescriptionVersionStore,
        quick_action_interpreter_1.QuickActionInterpreter])
], UpdateIssueAction);
//# sourceMappingURL=update-issue.js.map