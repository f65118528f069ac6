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
exports.CreateNoteAction = void 0;
exports.restCommandsAnswer = restCommandsAnswer;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const label_lookup_1 = require("../../../core/markdown/label-lookup");
const markdown_service_1 = require("../../../core/markdown/markdown.service");
const issue_permissions_1 = require("../../../core/policy/issue-permissions");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const throttle_service_1 = require("../../../core/throttle/throttle.service");
const issue_context_1 = require("../../issue/issue-context");
const user_entity_1 = require("../../user/user.entity");
const note_writer_1 = require("../note-writer");
const note_body_1 = require("../note-body");
const note_statement_1 = require("../note-statement");
const note_finder_1 = require("../note.finder");
const note_mapper_1 = require("../note.mapper");
const note_target_1 = require("../note-target");
const add_award_1 = require("../../award/actions/add-award");
const awardable_loader_1 = require("../../award/awardable.loader");
const parse_quick_actions_1 = require("../quick-actions/parse-quick-actions");
const quick_actions_service_1 = require("../quick-actions/quick-actions.service");
const relate_command_1 = require("../quick-actions/relate-command");
/** REST's answer to a comment of only quick actions (GitLab: 202 with the commands' outcome). */
function restCommandsAnswer(r) {
    return { commands_changes: r.quickActions?.changes ?? {}, summary: [...(r.quickActions?.status.messages ?? []), ...(r.quickActions?.status.error_messages ?? [])] };
}
/**
 * Creates a comment, a thread or a reply (GitLab's Notes::CreateService). The note, a reply's
 * conversion of an individual note into a thread, the issue's event seq and the events are
 * ONE statement (runNoteStatement); an Idempotency-Key makes a retried submit return the
 * first note (unique per author; a racing twin hits ON CONFLICT DO NOTHING and reads it).
 */
let CreateNoteAction = class CreateNoteAction {
    ds;
    config;
    events;
    markdown;
    throttle;
    notes;
    quickActions;
    awardables;
    addAward;
    relate;
    constructor(ds, config, events, markdown, throttle, notes, quickActions, awardables, addAward, relate) {
        this.ds = ds;
        this.config = config;
        this.events = events;
        this.markdown = markdown;
        this.throttle = throttle;
        this.notes = notes;
        this.quickActions = quickActions;
        this.awardables = awardables;
        this.addAward = addAward;
        this.relate = relate;
    }
    async execute(actor, ctx, input) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const can = (0, issue_permissions_1.issuePermissions)(actor, ctx.projectFacts, ctx.facts);
        if (!can.createNote)
            throw new app_error_1.AppError('FORBIDDEN');
        if (input.internal && !can.createInternalNote)
            throw new app_error_1.AppError('FORBIDDEN');
        // Quick actions (`/close`, `/label ~x`) apply in the note's transaction; without any, the
        // note is one statement on its own
        if (typeof input.body === 'string' && (0, parse_quick_actions_1.hasQuickActions)(input.body))
            return this.withQuickActions(actor, ctx, input, input.body);
        const planned = await this.plan(actor, ctx, input, (0, note_body_1.validateNoteBody)(input.body));
        await this.throttle.consumeNoteCreation(actor.id);
        return planned.finish(await this.events.autocommit(planned.run));
    }
    /**
     * The note and its commands in one transaction: the commands first (they lock the issue row),
     * then the note, unless only commands were sent. The note is planned before the transaction
     * opens: every read on the transaction's own connection (PGlite has only one).
     */
    async withQuickActions(actor, ctx, input, raw) {
        const rest = (0, parse_quick_actions_1.parseQuickActions)(raw).body;
        const planned = rest.trim() ? await this.plan(actor, ctx, input, (0, note_body_1.validateNoteBody)(rest)) : null;
        await this.throttle.consumeNoteCreation(actor.id);
        const out = await this.events.transaction(async (tx) => {
            const run = await this.quickActions.run(tx, actor, ctx, raw);
            return { run, written: planned && !run.commandsOnly ? await planned.run(tx) : null };
        });
        const quickActions = { status: out.run.status, changes: out.run.changes, commandsOnly: out.run.commandsOnly };
        // /award: the award module's own write, once the commands are in
        const emoji = out.run.changes.emoji_award;
        if (typeof emoji === 'string')
            await this.addAward.execute(actor, this.awardables.ofIssue(actor, ctx), emoji).catch(() => undefined);
        // /relate: the issue-link module's own write, likewise
        const relate = out.run.changes.relate;
        if (Array.isArray(relate))
            await this.relate.apply(actor, ctx, relate, out.run.status);
        if (!planned || !out.written)
            return { note: null, discussion: [], created: true, quickActions };
        return { ...(await planned.finish(out.written)), quickActions };
    }
    /** Reads what the note needs and returns its one statement (`run`) and what makes the answer of it (`finish`). */
    async plan(actor, ctx, input, body) {
        const can = (0, issue_permissions_1.issuePermissions)(actor, ctx.projectFacts, ctx.facts);
        const key = { type: 'Issue', id: ctx.issue.id };
        const found = input.discussionId ? await this.notes.thread(key, { discussionId: input.discussionId }, null) : null;
        const thread = found?.notes ?? null;
        if (thread && (!thread.length || thread[0].system || (thread[0].internal && !can.readInternalNote)))
            throw new app_error_1.AppError('DISCUSSION_NOT_FOUND');
        const user = ctx.actorUser ?? (await this.ds.getRepository(user_entity_1.User).findOneBy({ id: actor.id }));
        if (!user)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const author = (0, note_target_1.actorBasic)(this.config, user);
        const labelExists = await (0, label_lookup_1.loadLabelLookup)(this.ds, ctx.project.id, body);
        const noteHtml = this.markdown.render(body, { projectPath: ctx.project.fullPath, labelExists });
        const root = thread?.[0] ?? null;
        // A reply to an individual note turns that note into the root of a thread
        const converts = root !== null && thread.length === 1 && root.type === null;
        const type = thread || input.type === 'DiscussionNote' ? 'DiscussionNote' : null;
        const record = {
            id: 0,
            noteableType: 'Issue',
            noteableId: ctx.issue.id,
            projectId: ctx.project.id,
            authorId: actor.id,
            note: body,
            noteHtml,
            type,
            discussionId: root?.discussionId ?? (0, note_writer_1.newDiscussionId)(),
            system: false,
            systemNoteIconName: null,
            // Replies share their thread's visibility
            internal: root ? root.internal : input.internal === true,
            resolvable: type === 'DiscussionNote',
            resolvedAt: null,
            resolvedById: null,
            lastEditedAt: null,
            updatedById: null,
            createdAt: note_target_1.EPOCH,
            updatedAt: note_target_1.EPOCH,
        };
        // The author is the actor: their role badge is known, and the live note carries it
        const map = { ...(0, note_target_1.issueNoteMap)(this.config, ctx, new Map([...(found?.users ?? []), [author.id, author]])), accessLevels: new Map([[author.id, ctx.projectFacts.accessLevel]]) };
        const convertedRoot = converts ? { ...root, type: 'DiscussionNote', resolvable: true, updatedAt: note_target_1.EPOCH } : null;
        const noteable = (0, issue_context_1.issueNoteable)(ctx.issue, ctx.project);
        const urlPrefix = `${map.noteableUrl}#note_`;
        const statement = (tx) => (0, note_statement_1.runNoteStatement)(tx, 'note.create', noteable, author, urlPrefix, (p) => `ins AS (INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, note, note_html, type, discussion_id, system, internal, resolvable, idempotency_key, created_at, updated_at)
            VALUES ('Issue', ${p(ctx.issue.id)}::int, ${p(ctx.project.id)}::int, ${p(actor.id)}::int, ${p(body)}::text, ${p(noteHtml)}::text, ${p(type)}::varchar,
              ${p(record.discussionId)}::varchar, false, ${p(record.internal)}::boolean, ${p(record.resolvable)}::boolean, ${p(input.idempotencyKey ?? null)}::varchar, now(), now())
            ON CONFLICT (author_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id),
          conv AS (UPDATE notes SET type = 'DiscussionNote', resolvable = true, updated_at = now()
            WHERE id = ${p(converts ? root.id : 0)}::int AND type IS NULL AND EXISTS (SELECT 1 FROM ins) RETURNING id),
          changed AS (SELECT 'conv'::text AS key, id FROM conv UNION ALL SELECT 'new'::text, id FROM ins)`, [
            ...(convertedRoot
                ? [{ key: 'conv', type: 'note.updated', payload: { note: (0, note_mapper_1.toApiNote)(convertedRoot, map) }, timePaths: [note_writer_1.NOTE_EVENT_PATHS.updatedAt] }]
                : []),
            { key: 'new', type: 'note.created', payload: { note: (0, note_mapper_1.toApiNote)(record, map) }, timePaths: [note_writer_1.NOTE_EVENT_PATHS.createdAt, note_writer_1.NOTE_EVENT_PATHS.updatedAt], fillId: true },
        ]);
        return { run: statement, finish: (result) => this.finish(actor, ctx, input, result, { record, thread, convertedRoot, root, map }) };
    }
    async finish(actor, ctx, input, result, { record, thread, convertedRoot, root, map }) {
        const newId = result.changed.get('new');
        if (newId === undefined)
            return this.replay(actor, ctx, input.idempotencyKey ?? null);
        const at = new Date(result.at);
        const stored = { ...record, id: newId, createdAt: at, updatedAt: at };
        const discussion = thread
            ? [...thread.map((n) => (convertedRoot && n.id === root.id && result.changed.has('conv') ? { ...convertedRoot, updatedAt: at } : n)), stored]
            : [stored];
        const seen = (0, note_target_1.viewerNotes)(actor, ctx, discussion, map);
        return { note: seen[seen.length - 1], discussion: seen, created: true, quickActions: null };
    }
    /** The note an earlier submit with this key created, as its discussion stands now. */
    async replay(actor, ctx, idempotencyKey) {
        const first = idempotencyKey ? await this.notes.byIdempotencyKey(actor.id, idempotencyKey) : null;
        if (!first)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        // A key names one submit: reusing it for a comment elsewhere is a client error, not a replay
        if (first.noteableType !== 'Issue' || first.noteableId !== ctx.issue.id)
            throw new app_error_1.ValidationError({ 'Idempotency-Key': [shared_types_1.NOTE_ERRORS.idempotencyKeyReused] });
        const found = await this.notes.withDiscussion({ type: first.noteableType, id: first.noteableId }, first.id);
        const discussion = found?.discussion ?? [first];
        const users = await this.notes.users((0, note_mapper_1.userIdsOf)(discussion));
        const map = (0, note_target_1.issueNoteMap)(this.config, ctx, users);
        const seen = (0, note_target_1.viewerNotes)(actor, ctx, discussion, map);
        return { note: seen.find((n) => n.id === String(first.id)), discussion: seen, created: false, quickActions: null };
    }
};
exports.CreateNoteAction = CreateNoteAction;
exports.CreateNoteAction = CreateNoteAction = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, event_log_service_1.EventLogService,
        markdown_service_1.MarkdownService,
        throttle_service_1.ThrottleService,
        note_finder_1.NoteFinder,
        quick_actions_service_1.QuickActionsService,
        awardable_loader_1.AwardableLoader,
        add_award_1.AddAwardAction,
        relate_command_1.RelateCommand])
], CreateNoteAction);
//# sourceMappingURL=create-note.js.map