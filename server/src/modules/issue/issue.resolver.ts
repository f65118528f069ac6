import { Inject } from '@nestjs/common';
import { Args, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ERRORS } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { ConnectionArgs, connectionOf } from '../../core/graphql/connection';
import { parseGlobalId } from '../../core/graphql/global-id';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { MarkdownService } from '../../core/markdown/markdown.service';
import { issuePermissions } from '../../core/policy/issue-permissions';
import type { Actor } from '../../core/policy/policy';
import { LabelConnection, toLabelType } from '../label/label.graphql-types';
import { ProjectService } from '../project/project.service';
import { User } from '../user/user.entity';
import { toUserType, UserCoreConnection } from '../user/user.graphql-types';
import {
  CreateIssuePayload,
  IssuePermissionsType,
  IssueSetAssigneesInput,
  IssueSetAssigneesPayload,
  IssueSetConfidentialInput,
  IssueSetConfidentialPayload,
  IssueSetDueDateInput,
  IssueSetDueDatePayload,
  IssueSetLockedInput,
  IssueSetLockedPayload,
  IssueType,
  MutationOperationModeEnum,
  toIssueType,
  UpdateIssuePayload,
} from './issue.graphql-types';
import { CreateIssueInput, paramsOfInput, UpdateIssueInput } from './issue-input.graphql-types';
import { IssueSetIterationInput, IssueSetIterationPayload, IssueSetSeverityInput, IssueSetSeverityPayload } from './issue-taxonomy.graphql-types';
import { CreateIssueAction } from './actions/create-issue';
import { UpdateIssueAction } from './actions/update-issue';
import { authorizeOnIssue, canOnIssue, type IssueContext } from './issue-context';
import { IssueLoader } from './issue.loader';
import { parseIssueCreate, parseIssueUpdate } from './issue.validation';

interface Payload {
  clientMutationId: string | null;
  issue: IssueType | null;
  errors: string[];
}

/**
 * The `Issue` type's computed fields and the issue mutations (Relay classic: one `input`,
 * business errors in `errors`, access problems as GitLab's RESOURCE_ACCESS_ERROR).
 */
@Resolver(() => IssueType)
export class IssueResolver {
  constructor(
    private readonly loader: IssueLoader,
    private readonly createAction: CreateIssueAction,
    private readonly updateAction: UpdateIssueAction,
    private readonly projects: ProjectService,
    private readonly markdown: MarkdownService,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---------- fields ----------

  /** Policy: read_issue (already checked when the issue was loaded). */
  @ResolveField(() => String, { description: 'Internal reference of the issue. Returned in shortened format by default.' })
  reference(@Parent() i: IssueType, @Args('full', { type: () => Boolean, nullable: true, defaultValue: false }) full: boolean | null): string {
    return full ? `${i.projectFullPath}#${i.iid}` : `#${i.iid}`;
  }

  /** Policy: read_issue (checked on load); the flags are the one issue permissions projection. */
  @ResolveField(() => IssuePermissionsType)
  userPermissions(@CurrentActor() actor: Actor | null, @Parent() i: IssueType): IssuePermissionsType {
    const a = issuePermissions(actor, i.projectFacts, i.issueFacts);
    return { readIssue: a.readIssue, updateIssue: a.updateIssue, adminIssue: a.adminIssue, reopenIssue: a.reopenIssue, destroyIssue: a.destroyIssue, createNote: a.createNote };
  }

  /** Policy: read_issue (already checked when the issue was loaded). */
  @ResolveField(() => UserCoreConnection)
  assignees(@Parent() i: IssueType, @Args() args: ConnectionArgs): UserCoreConnection {
    return connectionOf(i.assigneeUsers.map((u) => toUserType(u, this.config.publicUrl)), args) as UserCoreConnection;
  }

  /** Policy: read_issue (already checked when the issue was loaded). */
  @ResolveField(() => LabelConnection, { nullable: true })
  labels(@Parent() i: IssueType, @Args() args: ConnectionArgs): LabelConnection {
    return connectionOf(i.labelRows.map((l) => toLabelType(l, this.markdown)), args) as LabelConnection;
  }

  // ---------- mutations ----------

  /** Policy: update_issue (reopen_issue for REOPEN; admin_issue for metadata), via UpdateIssueAction. */
  @Mutation(() => UpdateIssuePayload, { nullable: true })
  async updateIssue(@CurrentActor() actor: Actor | null, @Args('input') input: UpdateIssueInput): Promise<Payload> {
    // The registry's input fields as their REST parameters (labelIds with addLabelIds is refused here)
    const raw = paramsOfInput('update', input);
    const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, raw.state_event === 'reopen' ? 'reopen_issue' : 'update_issue');
    const lockVersion = input.lockVersion ?? undefined;
    if (lockVersion !== undefined && lockVersion < 0) return this.payload(actor, input, ctx, ['Lock version must be greater than or equal to 0']);
    return this.apply(actor, input, ctx, raw, lockVersion);
  }

  /** Policy: create_issue (admin fields need reporter), via CreateIssueAction. */
  @Mutation(() => CreateIssuePayload, { nullable: true })
  async createIssue(@SignedInActor() actor: Actor, @Args('input') input: CreateIssueInput): Promise<Payload> {
    const { project, facts } = await this.projects.findReadable(actor, input.projectPath);
    if (!this.projects.can(actor, 'create_issue', facts)) throw new AppError('FORBIDDEN');
    try {
      const issue = await this.createAction.execute(actor, project, facts, parseIssueCreate(paramsOfInput('create', input)));
      const [h] = await this.loader.hydrate([issue], new Map([[project.id, project]]), actor);
      return { clientMutationId: input.clientMutationId ?? null, issue: toIssueType(h!, facts, this.config.publicUrl, this.markdown), errors: [] };
    } catch (e) {
      if (e instanceof ValidationError) return { clientMutationId: input.clientMutationId ?? null, issue: null, errors: messagesOf(e) };
      throw e;
    }
  }

  /** Policy: update_issue, then admin_issue (UpdateIssueAction) for the assignees. */
  @Mutation(() => IssueSetAssigneesPayload, { nullable: true })
  async issueSetAssignees(@CurrentActor() actor: Actor | null, @Args('input') input: IssueSetAssigneesInput): Promise<Payload> {
    const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
    const names = [...new Set(input.assigneeUsernames.map((n) => n.trim().replace(/^@/, '')).filter(Boolean))];
    const users = names.length ? await this.ds.getRepository(User).createQueryBuilder('u').where('lower(u.username) IN (:...names)', { names: names.map((n) => n.toLowerCase()) }).getMany() : [];
    const unknown = names.filter((n) => !users.some((u) => u.username.toLowerCase() === n.toLowerCase()));
    if (unknown.length) return this.payload(actor, input, ctx, unknown.map((n) => `Cannot assign @${n} to #${ctx.issue.iid}: user not found`));
    const ids = names.map((n) => users.find((u) => u.username.toLowerCase() === n.toLowerCase())!.id);
    let next: number[];
    if (input.operationMode === MutationOperationModeEnum.APPEND) next = [...new Set([...ctx.assigneeIds, ...ids])];
    else if (input.operationMode === MutationOperationModeEnum.REMOVE) next = ctx.assigneeIds.filter((id) => !ids.includes(id));
    else next = ids;
    return this.apply(actor, input, ctx, { assignee_ids: next });
  }

  /** Policy: update_issue + admin_issue (confidentiality is issue metadata). */
  @Mutation(() => IssueSetConfidentialPayload, { nullable: true })
  async issueSetConfidential(@CurrentActor() actor: Actor | null, @Args('input') input: IssueSetConfidentialInput): Promise<Payload> {
    const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
    // May edit the issue but not its metadata (a guest author): a refusal in `errors`, nothing changed
    if (!canOnIssue(actor, 'admin_issue', ctx)) return this.payload(actor, input, ctx, [ERRORS.GRAPHQL_RESOURCE_ACCESS.message]);
    return this.apply(actor, input, ctx, { confidential: input.confidential });
  }

  /** Policy: update_issue + admin_issue (locking the discussion). */
  @Mutation(() => IssueSetLockedPayload, { nullable: true })
  async issueSetLocked(@CurrentActor() actor: Actor | null, @Args('input') input: IssueSetLockedInput): Promise<Payload> {
    const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
    if (!canOnIssue(actor, 'admin_issue', ctx)) return this.payload(actor, input, ctx, [ERRORS.GRAPHQL_RESOURCE_ACCESS.message]);
    return this.apply(actor, input, ctx, { discussion_locked: input.locked });
  }

  /** Policy: update_issue + admin_issue (due date is issue metadata). */
  @Mutation(() => IssueSetDueDatePayload, { nullable: true })
  async issueSetDueDate(@CurrentActor() actor: Actor | null, @Args('input') input: IssueSetDueDateInput): Promise<Payload> {
    const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
    return this.apply(actor, input, ctx, { due_date: input.dueDate === null ? null : String(input.dueDate).slice(0, 10) });
  }

  /** Policy: update_issue + admin_issue (severity is incident metadata; non-incidents are refused in `errors`). */
  @Mutation(() => IssueSetSeverityPayload, { nullable: true })
  async issueSetSeverity(@CurrentActor() actor: Actor | null, @Args('input') input: IssueSetSeverityInput): Promise<Payload> {
    const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
    if (!canOnIssue(actor, 'admin_issue', ctx)) return this.payload(actor, input, ctx, [ERRORS.GRAPHQL_RESOURCE_ACCESS.message]);
    return this.apply(actor, input, ctx, { severity: input.severity });
  }

  /** Policy: update_issue + admin_issue (the iteration is issue metadata). */
  @Mutation(() => IssueSetIterationPayload, { nullable: true })
  async issueSetIteration(@CurrentActor() actor: Actor | null, @Args('input') input: IssueSetIterationInput): Promise<Payload> {
    const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
    if (!canOnIssue(actor, 'admin_issue', ctx)) return this.payload(actor, input, ctx, [ERRORS.GRAPHQL_RESOURCE_ACCESS.message]);
    const id = input.iterationId == null ? null : (parseGlobalId(input.iterationId, ['Iteration']) ?? input.iterationId);
    return this.apply(actor, input, ctx, { iteration_id: id });
  }

  // ---------- helpers ----------

  /** The issue, if the actor may read it and hold `ability`; otherwise GitLab's access error. */
  private async loadForUpdate(actor: Actor | null, projectPath: string, iid: string, ability: 'update_issue' | 'reopen_issue'): Promise<IssueContext> {
    const ctx = await this.loader.findReadable(actor, projectPath, iid);
    authorizeOnIssue(actor, ability, ctx);
    return ctx;
  }

  /** Validates and applies a snake_case change through UpdateIssueAction; business errors go to `errors`. */
  private async apply(actor: Actor | null, input: { clientMutationId?: string | null }, ctx: IssueContext, raw: Record<string, unknown>, lockVersion?: number): Promise<Payload> {
    // Nothing to change: GitLab answers with the issue as it is
    if (!Object.keys(raw).length) return this.payload(actor, input, ctx, []);
    try {
      const { issue: fresh } = await this.updateAction.execute(actor, ctx, parseIssueUpdate(raw), { lockVersion });
      return this.payload(actor, input, { ...ctx, issue: fresh }, []);
    } catch (e) {
      if (e instanceof ValidationError) return this.payload(actor, input, ctx, messagesOf(e));
      if (e instanceof AppError && e.code === 'ISSUE_STALE') return this.payload(actor, input, ctx, [ERRORS.ISSUE_STALE.message]);
      throw e;
    }
  }

  private async payload(actor: Actor | null, input: { clientMutationId?: string | null }, ctx: IssueContext, errors: string[]): Promise<Payload> {
    // Re-read after a refused change too, so the payload shows the issue as it really is
    const [h] = await this.loader.hydrate([ctx.issue], new Map([[ctx.project.id, ctx.project]]), actor);
    return { clientMutationId: input.clientMutationId ?? null, issue: toIssueType(h!, ctx.projectFacts, this.config.publicUrl, this.markdown), errors };
  }
}

/** `{title: ["can't be blank"]}` -> `["Title can't be blank"]` (Rails' full messages). */
export function messagesOf(e: ValidationError): string[] {
  return Object.entries(e.fields).flatMap(([field, msgs]) =>
    msgs.map((m) => (field === 'base' || /^[A-Z]/.test(m) ? m : `${humanize(field)} ${m}`)),
  );
}

const humanize = (f: string) => {
  const s = f.replace(/_ids?$/, (x) => (x === '_ids' ? 's' : '')).replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
};
