import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ERRORS, EPIC_TEXTS } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { connectionOf } from '../../core/graphql/connection';
import { parseGlobalId, toGlobalId } from '../../core/graphql/global-id';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { MarkdownService } from '../../core/markdown/markdown.service';
import type { Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { UpdateIssueAction } from '../issue/actions/update-issue';
import { authorizeOnIssue, canOnIssue, type IssueContext } from '../issue/issue-context';
import { IssueType, toIssueType } from '../issue/issue.graphql-types';
import { IssueLoader } from '../issue/issue.loader';
import { messagesOf } from '../issue/issue.resolver';
import { PromoteToEpicAction } from './actions/promote-to-epic';
import {
  EpicConnection,
  EpicType,
  GroupEpicsArgs,
  GroupType,
  issueEpicType,
  IssueSetEpicInput,
  IssueSetEpicPayload,
  PromoteToEpicInput,
  PromoteToEpicPayload,
  toEpicType,
  UpdateEpicInput,
  UpdateEpicPayload,
} from './epic.graphql-types';
import { parseEpicUpdate } from './epic.validation';
import { EpicService } from './epic.service';

/** `Query.group` with its epics, `Issue.epic`, and the epic mutations (issueSetEpic, promoteToEpic). */
@Resolver(() => GroupType)
export class EpicResolver {
  constructor(
    private readonly groups: GroupService,
    private readonly service: EpicService,
  ) {}

  /** Policy: read_group (null when the actor may not see it, as GitLab). */
  @Query(() => GroupType, { nullable: true, description: 'Find a group.' })
  async group(@CurrentActor() actor: Actor | null, @Args('fullPath', { type: () => ID }) fullPath: string): Promise<GroupType | null> {
    try {
      const { group } = await this.groups.findReadable(actor, fullPath);
      return { id: toGlobalId('Group', group.id), name: group.name, fullPath: group.fullPath, webUrl: `${this.service.config.publicUrl}/groups/${group.fullPath}`, groupId: group.id };
    } catch (e) {
      if (e instanceof AppError && e.status === 404) return null;
      throw e;
    }
  }

  /** Policy: read_epic (each epic). A numeric iid narrows to that epic. */
  @ResolveField(() => EpicConnection, { nullable: true })
  async epics(@CurrentActor() actor: Actor | null, @Parent() g: GroupType, @Args() args: GroupEpicsArgs): Promise<EpicConnection> {
    const { group } = await this.groups.findReadable(actor, g.groupId);
    const iid = args.iid && /^\d{1,9}$/.test(args.iid) ? Number(args.iid) : undefined;
    const state = args.state === 'opened' || args.state === 'closed' ? args.state : undefined;
    const rows = await this.service.list(actor, group, {
      search: args.search?.trim() || undefined,
      state,
      ancestors: args.includeAncestorGroups ?? false,
      descendants: args.includeDescendantGroups ?? true,
      iids: iid ? [iid] : args.iid ? [] : undefined,
    });
    return connectionOf(rows.map((e) => toEpicType(e, this.service.config.publicUrl, group.id)), args) as EpicConnection;
  }

  /**
   * Policy: admin_epic (EpicService.update, as REST PUT). GitLab's updateEpic: the fields given
   * change (an explicit null clears a description or date); invalid input is `errors`, nothing changed.
   */
  @Mutation(() => UpdateEpicPayload, { nullable: true })
  async updateEpic(@SignedInActor() actor: Actor, @Args('input') input: UpdateEpicInput): Promise<UpdateEpicPayload> {
    const base = { clientMutationId: input.clientMutationId ?? null };
    const ge = await this.service.findReadable(actor, input.groupPath, /^\d{1,9}$/.test(input.iid) ? Number(input.iid) : null);
    const body: Record<string, unknown> = {};
    if (input.title !== undefined) body.title = input.title;
    if (input.description !== undefined) body.description = input.description;
    if (input.confidential !== undefined) body.confidential = input.confidential;
    if (input.startDateFixed !== undefined) body.start_date = input.startDateFixed;
    if (input.dueDateFixed !== undefined) body.end_date = input.dueDateFixed;
    if (input.stateEvent !== undefined && input.stateEvent !== null) body.state_event = input.stateEvent.toLowerCase();
    let parsed;
    try {
      parsed = parseEpicUpdate(body);
    } catch (e) {
      if (e instanceof ValidationError) return { ...base, epic: null, errors: messagesOf(e) };
      throw e;
    }
    const epic = await this.service.update(actor, ge, parsed);
    return { ...base, epic: toEpicType(epic, this.service.config.publicUrl, ge.group.id), errors: [] };
  }
}

/** `Issue.epic` and the issue-side epic mutations. */
@Resolver(() => IssueType)
export class IssueEpicResolver {
  constructor(
    private readonly loader: IssueLoader,
    private readonly epics: EpicService,
    private readonly updateAction: UpdateIssueAction,
    private readonly promote: PromoteToEpicAction,
    private readonly markdown: MarkdownService,
  ) {}

  /** Policy: read_issue (checked when the issue was loaded); the epic as the issue's hydration read it. */
  @ResolveField(() => EpicType, { nullable: true })
  epic(@Parent() i: IssueType): EpicType | null {
    return i.epicFacts ? issueEpicType(i.epicFacts, this.epics.config.publicUrl, i.projectNamespaceId) : null;
  }

  /** Policy: update_issue + admin_issue, and read_epic on the epic (the issue's epic field). */
  @Mutation(() => IssueSetEpicPayload, { nullable: true })
  async issueSetEpic(@CurrentActor() actor: Actor | null, @Args('input') input: IssueSetEpicInput): Promise<IssueSetEpicPayload> {
    const ctx = await this.loader.findReadable(actor, input.projectPath, input.iid);
    authorizeOnIssue(actor, 'update_issue', ctx);
    if (!canOnIssue(actor, 'admin_issue', ctx)) return this.payload(actor, input, ctx, [ERRORS.GRAPHQL_RESOURCE_ACCESS.message]);
    const epicId = input.epicId === null ? null : parseGlobalId(input.epicId, ['Epic']);
    if (input.epicId !== null && epicId === null) return this.payload(actor, input, ctx, [`Epic: ${ERRORS.EPIC_NOT_FOUND.message}`]);
    try {
      const { issue } = await this.updateAction.execute(actor, ctx, { epicId });
      return this.payload(actor, input, { ...ctx, issue }, []);
    } catch (e) {
      // "Epic: <reason>": the selector shows the text after the first colon (spec issue-page §8)
      if (e instanceof ValidationError) return this.payload(actor, input, ctx, messagesOf(e).map((m) => `Epic: ${m.replace(/^Epic /, '')}`));
      if (e instanceof AppError && e.code === 'EPIC_NOT_FOUND') return this.payload(actor, input, ctx, [`Epic: ${ERRORS.EPIC_NOT_FOUND.message}`]);
      throw e;
    }
  }

  /** Policy: admin_issue on the issue and create_epic in the project's group (PromoteToEpicAction). */
  @Mutation(() => PromoteToEpicPayload, { nullable: true })
  async promoteToEpic(@SignedInActor() actor: Actor, @Args('input') input: PromoteToEpicInput): Promise<PromoteToEpicPayload> {
    const ctx = await this.loader.findReadable(actor, input.projectPath, input.iid);
    authorizeOnIssue(actor, 'read_issue', ctx);
    const base = { clientMutationId: input.clientMutationId ?? null };
    if (ctx.project.namespace?.type !== 'Group') return { ...base, epic: null, issue: null, errors: [EPIC_TEXTS.promoteNeedsGroup] };
    if (!(await this.promote.allowed(actor, ctx))) throw new AppError('FORBIDDEN');
    const epic = await this.promote.execute(actor, ctx);
    const fresh = await this.loader.findReadable(actor, input.projectPath, input.iid, { hydrate: true });
    return {
      ...base,
      epic: toEpicType(epic, this.epics.config.publicUrl, ctx.project.namespaceId),
      issue: toIssueType(fresh.hydrated!, fresh.projectFacts, this.epics.config.publicUrl, this.markdown),
      errors: [],
    };
  }

  private async payload(actor: Actor | null, input: { clientMutationId?: string | null }, ctx: IssueContext, errors: string[]): Promise<IssueSetEpicPayload> {
    const [h] = await this.loader.hydrate([ctx.issue], new Map([[ctx.project.id, ctx.project]]), actor);
    return { clientMutationId: input.clientMutationId ?? null, issue: toIssueType(h!, ctx.projectFacts, this.epics.config.publicUrl, this.markdown), errors };
  }
}
