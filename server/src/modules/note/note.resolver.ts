import { NoteTargetRegistry } from './note-target-registry';
import type { NoteTarget } from './note-target';
import { Args, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DISCUSSION_TEXTS } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { ConnectionArgs, connectionOf } from '../../core/graphql/connection';
import { GID_PREFIX, parseGlobalId } from '../../core/graphql/global-id';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { messagesOf } from '../issue/issue.resolver';
import { IssueLoader, type LoadedIssue } from '../issue/issue.loader';
import { CreateNoteAction } from './actions/create-note';
import { DestroyNoteAction } from './actions/destroy-note';
import { ResolveNoteAction } from './actions/resolve-note';
import { UpdateNoteAction } from './actions/update-note';
import {
  CreateNoteInput,
  CreateNotePayload,
  DestroyNoteInput,
  DestroyNotePayload,
  DiscussionToggleResolveInput,
  DiscussionToggleResolvePayload,
  DiscussionType,
  NoteConnection,
  toDiscussionType,
  toNoteType,
  UpdateNoteInput,
  UpdateNotePayload,
  CreateDiffNoteInput,
  CreateDiffNotePayload,
  CreateImageDiffNoteInput,
  CreateImageDiffNotePayload,
} from './note.graphql-types';
import { restImagePositionOf, restPositionOf } from './diff-note.graphql-types';

/** `gid://tandem/Discussion/<40 hex>` (or gitlab's prefix), else null. */
export function parseDiscussionGid(gid: string): string | null {
  const m = /^gid:\/\/(?:tandem|gitlab)\/Discussion\/([0-9a-f]{40})$/.exec(gid);
  return m ? m[1]! : null;
}

/**
 * GitLab's note mutations (Relay classic: one `input`, business errors in `errors`, access
 * problems as RESOURCE_ACCESS_ERROR), over the same actions as REST and the page.
 */
@Resolver(() => DiscussionType)
export class NoteResolver {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: IssueLoader,
    private readonly createAction: CreateNoteAction,
    private readonly updateAction: UpdateNoteAction,
    private readonly destroyAction: DestroyNoteAction,
    private readonly resolveAction: ResolveNoteAction,
    private readonly targets: NoteTargetRegistry,
  ) {}

  /** Policy: read_issue (checked when the discussion was loaded). */
  @ResolveField(() => NoteConnection)
  notes(@Parent() d: DiscussionType, @Args() args: ConnectionArgs) {
    return connectionOf(d.noteNodes, args);
  }

  /** Policy: create_note (+ internal notes for reporters and up). */
  @Mutation(() => CreateNotePayload, { nullable: true })
  async createNote(@CurrentActor() actor: Actor | null, @Args('input') input: CreateNoteInput): Promise<CreateNotePayload> {
    // An epic or a merge request through its module's targets (their quick actions included); else an issue
    const epicId = parseGlobalId(input.noteableId, ['Epic']);
    const mrId = epicId === null ? parseGlobalId(input.noteableId, ['MergeRequest']) : null;
    const ctx =
      epicId !== null
        ? await this.targets.byId(actor, 'Epic', epicId)
        : mrId !== null
          ? await this.targets.byId(actor, 'MergeRequest', mrId)
          : await this.issueById(actor, parseGlobalId(input.noteableId, ['Issue']));
    let discussionId: string | null = null;
    if (input.discussionId) {
      discussionId = parseDiscussionGid(input.discussionId);
      if (!discussionId) throw new AppError('DISCUSSION_NOT_FOUND');
    }
    try {
      const r = await this.createAction.execute(actor, ctx, { body: input.body, internal: input.internal ?? false, discussionId });
      const qa = r.quickActions ? { messages: r.quickActions.status.messages, errorMessages: r.quickActions.status.error_messages } : null;
      return { clientMutationId: input.clientMutationId ?? null, note: r.note ? toNoteType(r.note) : null, quickActionsStatus: qa, errors: [] };
    } catch (e) {
      if (e instanceof ValidationError) return { clientMutationId: input.clientMutationId ?? null, note: null, quickActionsStatus: null, errors: messagesOf(e) };
      throw e;
    }
  }

  /**
   * Policy: create_note on the merge request (read_merge_request to find it). GitLab's
   * createDiffNote: a diff thread at `position`, checked against the merge request's current diff
   * like REST's (a wrong sha, path or line is an error naming it, and nothing is stored).
   */
  @Mutation(() => CreateDiffNotePayload, { nullable: true })
  createDiffNote(@CurrentActor() actor: Actor | null, @Args('input') input: CreateDiffNoteInput): Promise<CreateDiffNotePayload> {
    return this.createPositioned(actor, input, restPositionOf(input.position));
  }

  /**
   * Policy: create_note on the merge request (read_merge_request to find it). GitLab's
   * createImageDiffNote: a diff thread on a point of an image of the diff, checked as REST's.
   */
  @Mutation(() => CreateImageDiffNotePayload, { nullable: true })
  createImageDiffNote(@CurrentActor() actor: Actor | null, @Args('input') input: CreateImageDiffNoteInput): Promise<CreateImageDiffNotePayload> {
    return this.createPositioned(actor, input, restImagePositionOf(input.position));
  }

  private async createPositioned(actor: Actor | null, input: { noteableId: string; body: string; internal?: boolean | null; clientMutationId?: string | null }, raw: Record<string, unknown>) {
    const ctx = await this.targets.byId(actor, 'MergeRequest', parseGlobalId(input.noteableId, ['MergeRequest']));
    const clientMutationId = input.clientMutationId ?? null;
    try {
      if (!ctx.diffPosition) throw new ValidationError({ position: ['is not supported on this noteable'] });
      const position = await ctx.diffPosition(raw);
      const r = await this.createAction.execute(actor, ctx, { body: input.body, internal: input.internal ?? false, discussionId: null, type: 'DiscussionNote', position });
      return { clientMutationId, note: r.note ? toNoteType(r.note) : null, errors: [] };
    } catch (e) {
      if (e instanceof ValidationError) return { clientMutationId, note: null, errors: messagesOf(e) };
      throw e;
    }
  }

  /** Policy: create_note and own note (its author only). */
  @Mutation(() => UpdateNotePayload, { nullable: true })
  async updateNote(@CurrentActor() actor: Actor | null, @Args('input') input: UpdateNoteInput): Promise<UpdateNotePayload> {
    const noteId = parseGlobalId(input.id, ['Note']);
    const ctx = await this.issueOfNote(actor, noteId);
    try {
      const r = await this.updateAction.execute(actor, ctx, noteId!, input.body, 'api');
      return { clientMutationId: input.clientMutationId ?? null, note: toNoteType(r.note), quickActionsStatus: null, errors: [] };
    } catch (e) {
      if (e instanceof ValidationError) return { clientMutationId: input.clientMutationId ?? null, note: null, quickActionsStatus: null, errors: messagesOf(e) };
      throw e;
    }
  }

  /** Policy: create_note and own note, or admin_project (maintainers and up). */
  @Mutation(() => DestroyNotePayload, { nullable: true })
  async destroyNote(@CurrentActor() actor: Actor | null, @Args('input') input: DestroyNoteInput): Promise<DestroyNotePayload> {
    const noteId = parseGlobalId(input.id, ['Note']);
    const ctx = await this.issueOfNote(actor, noteId);
    await this.destroyAction.execute(actor, ctx, noteId!, 'api');
    return { clientMutationId: input.clientMutationId ?? null, note: null, errors: [] };
  }

  /** Policy: create_note, and the thread's or issue's author (own) or admin_issue. */
  @Mutation(() => DiscussionToggleResolvePayload, { nullable: true })
  async discussionToggleResolve(@CurrentActor() actor: Actor | null, @Args('input') input: DiscussionToggleResolveInput): Promise<DiscussionToggleResolvePayload> {
    const discussionId = parseDiscussionGid(input.id);
    if (!discussionId) throw new AppError('DISCUSSION_NOT_FOUND');
    const rows = (await this.ds.query(`SELECT noteable_type, noteable_id FROM notes WHERE discussion_id = $1 LIMIT 1`, [discussionId])) as Array<{ noteable_type: string; noteable_id: number }>;
    const ctx = rows[0] && this.targets.has(rows[0].noteable_type) ? await this.targets.byId(actor, rows[0].noteable_type, rows[0].noteable_id) : await this.issueById(actor, rows[0]?.noteable_type === 'Issue' ? rows[0].noteable_id : null);
    try {
      const d = await this.resolveAction.execute(actor, ctx, { discussionId }, input.resolve);
      return { clientMutationId: input.clientMutationId ?? null, discussion: toDiscussionType(d), errors: [] };
    } catch (e) {
      if (e instanceof ValidationError) {
        return { clientMutationId: input.clientMutationId ?? null, discussion: null, errors: [input.resolve ? DISCUSSION_TEXTS.resolveFailedServer : DISCUSSION_TEXTS.unresolveFailedServer] };
      }
      throw e;
    }
  }

  /** The readable issue with this database id (not found otherwise). */
  private async issueById(actor: Actor | null, issueId: number | null): Promise<LoadedIssue> {
    if (issueId === null) throw new AppError('ISSUE_NOT_FOUND');
    const rows = (await this.ds.query('SELECT p.id AS project_id, i.iid FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = $1', [issueId])) as Array<{ project_id: number; iid: number }>;
    if (!rows[0]) throw new AppError('ISSUE_NOT_FOUND');
    return this.loader.findReadable(actor, rows[0].project_id, rows[0].iid);
  }

  /** The noteable of a note (an issue, or an epic through the registry), readable by the actor. */
  private async issueOfNote(actor: Actor | null, noteId: number | null): Promise<LoadedIssue | NoteTarget> {
    if (noteId === null) throw new AppError('NOTE_NOT_FOUND');
    const rows = (await this.ds.query(`SELECT noteable_type, noteable_id FROM notes WHERE id = $1`, [noteId])) as Array<{ noteable_type: string; noteable_id: number }>;
    const row = rows[0];
    if (!row) throw new AppError('NOTE_NOT_FOUND');
    if (this.targets.has(row.noteable_type)) return this.targets.byId(actor, row.noteable_type, row.noteable_id);
    if (row.noteable_type !== 'Issue') throw new AppError('NOTE_NOT_FOUND');
    return this.issueById(actor, row.noteable_id);
  }
}

export const DISCUSSION_GID_PREFIX = `${GID_PREFIX}Discussion/`;
