import { Args, Field, ID, InputType, Int, Mutation, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { InjectDataSource } from '@nestjs/typeorm';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { parseGlobalId, toGlobalId } from '../../core/graphql/global-id';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { connectionOf } from '../../core/graphql/connection';
import { MutationOperationModeEnum } from '../issue/issue.graphql-types';
import { UserCoreConnection, UserType } from '../user/user.graphql-types';
import { ProjectType } from '../project/project.graphql-types';
import { RereviewAction } from './actions/rereview-merge-request';
import { UpdateMergeRequestAction } from './actions/update-merge-request';
import { MergeRequestLoader, type LoadedMergeRequest } from './merge-request.loader';
import { toApiMergeRequest } from './merge-request.mapper';
import { parseMergeRequestIid } from './merge-request.validation';

@ObjectType('MergeRequestLabel')
export class MergeRequestLabelType {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field() color!: string;
}

@ObjectType('MergeRequestLabelConnection')
export class MergeRequestLabelConnection {
  @Field(() => [MergeRequestLabelType]) nodes!: MergeRequestLabelType[];
  @Field(() => Int) count!: number;
}

@ObjectType('DetailedStatus')
export class DetailedStatusType {
  @Field() icon!: string;
  @Field() group!: string;
}

@ObjectType('Pipeline')
export class PipelineType {
  @Field(() => DetailedStatusType) detailedStatus!: DetailedStatusType;
}

@ObjectType('MergeRequestMilestone')
export class MergeRequestMilestoneType {
  @Field(() => ID) id!: string;
  @Field() iid!: string;
  @Field() title!: string;
  @Field() state!: string;
  @Field(() => String, { nullable: true }) dueDate!: string | null;
}

/** GitLab's MergeRequest type, the fields the spec reads (popover, related card); no CI: headPipeline is null. */
@ObjectType('MergeRequest')
export class MergeRequestType {
  @Field(() => ID) id!: string;
  @Field() iid!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() state!: string;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
  @Field(() => String, { nullable: true }) mergedAt!: string | null;
  @Field() sourceBranch!: string;
  @Field() targetBranch!: string;
  /** GitLab's MergeRequest.sourceProjectId / targetProjectId: a fork's merge request names both. */
  @Field(() => Int, { nullable: true }) sourceProjectId!: number | null;
  @Field(() => Int) targetProjectId!: number;
  @Field(() => Boolean, { nullable: true }) allowCollaboration!: boolean | null;
  @Field() reference!: string;
  @Field() webUrl!: string;
  @Field(() => PipelineType, { nullable: true }) headPipeline!: PipelineType | null;
  @Field(() => MergeRequestLabelConnection) labels!: MergeRequestLabelConnection;
  @Field(() => UserCoreConnection) assignees!: UserCoreConnection;
  @Field(() => UserCoreConnection) reviewers!: UserCoreConnection;
  @Field(() => MergeRequestMilestoneType, { nullable: true }) milestone!: MergeRequestMilestoneType | null;
  /** Not a field: the merge request as loaded for the actor (its participants resolver reads it). */
  loaded!: LoadedMergeRequest;
}

@InputType('MergeRequestSetLabelsInput')
export class MergeRequestSetLabelsInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  @Field(() => [ID]) labelIds!: string[];
  @Field(() => MutationOperationModeEnum, { nullable: true, defaultValue: MutationOperationModeEnum.REPLACE }) operationMode?: MutationOperationModeEnum;
}

@ObjectType('MergeRequestSetLabelsPayload')
export class MergeRequestSetLabelsPayload {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => MergeRequestType, { nullable: true }) mergeRequest!: MergeRequestType | null;
  @Field(() => [String]) errors!: string[];
}

@InputType('MergeRequestSetAssigneesInput')
export class MergeRequestSetAssigneesInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  @Field(() => [String]) assigneeUsernames!: string[];
  @Field(() => MutationOperationModeEnum, { nullable: true, defaultValue: MutationOperationModeEnum.REPLACE }) operationMode?: MutationOperationModeEnum;
}

@InputType('MergeRequestSetReviewersInput')
export class MergeRequestSetReviewersInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  @Field(() => [String]) reviewerUsernames!: string[];
  @Field(() => MutationOperationModeEnum, { nullable: true, defaultValue: MutationOperationModeEnum.REPLACE }) operationMode?: MutationOperationModeEnum;
}

@InputType('MergeRequestSetMilestoneInput')
export class MergeRequestSetMilestoneInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  /** A Milestone global id; null removes the milestone. */
  @Field(() => ID, { nullable: true }) milestoneId?: string | null;
}

@InputType('MergeRequestReviewerRereviewInput')
export class MergeRequestReviewerRereviewInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  /** The reviewer's User global id. */
  @Field(() => ID) userId!: string;
}

@ObjectType('MergeRequestReviewerRereviewPayload')
export class MergeRequestReviewerRereviewPayload {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => MergeRequestType, { nullable: true }) mergeRequest!: MergeRequestType | null;
  @Field(() => [String]) errors!: string[];
}

@ObjectType('MergeRequestSetAssigneesPayload')
export class MergeRequestSetAssigneesPayload extends MergeRequestSetLabelsPayload {}
@ObjectType('MergeRequestSetReviewersPayload')
export class MergeRequestSetReviewersPayload extends MergeRequestSetLabelsPayload {}
@ObjectType('MergeRequestSetMilestonePayload')
export class MergeRequestSetMilestonePayload extends MergeRequestSetLabelsPayload {}

type People = LoadedMergeRequest['mr']['assignees'];

/** `Project.mergeRequest(iid)` and `mergeRequestSetLabels` (GitLab's GraphQL). */
@Resolver(() => ProjectType)
export class MergeRequestResolver {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: MergeRequestLoader,
    private readonly update: UpdateMergeRequestAction,
    private readonly rereview: RereviewAction,
  ) {}

  /** The GraphQL type of a loaded merge request (also the subscription mutation's answer). */
  async toType(l: LoadedMergeRequest): Promise<MergeRequestType> {
    const api = toApiMergeRequest(l.mr, l.project.fullPath, this.config.publicUrl);
    const labels = (await this.ds.query(`SELECT l.id, l.title, l.color, l.group_id FROM label_links ll JOIN labels l ON l.id = ll.label_id WHERE ll.target_type = 'MergeRequest' AND ll.target_id = $1 ORDER BY l.title`, [l.mr.id])) as Array<{
      id: number; title: string; color: string; group_id: number | null;
    }>;
    return {
      id: toGlobalId('MergeRequest', l.mr.id), iid: String(l.mr.iid), title: api.title, description: api.description, state: api.state, createdAt: api.created_at, updatedAt: api.updated_at,
      mergedAt: api.merged_at, sourceBranch: api.source_branch, targetBranch: api.target_branch, reference: api.reference,
      sourceProjectId: api.source_project_id, targetProjectId: api.target_project_id, allowCollaboration: api.allow_collaboration ?? null, webUrl: api.web_url, headPipeline: null,
      labels: { nodes: labels.map((x) => ({ id: toGlobalId(x.group_id ? 'GroupLabel' : 'ProjectLabel', x.id), title: x.title, color: x.color })), count: labels.length },
      assignees: this.people(l.mr.assignees),
      reviewers: this.people(l.mr.reviewers),
      milestone: l.mr.milestone ? { id: toGlobalId('Milestone', l.mr.milestone.id), iid: String(l.mr.milestone.iid), title: l.mr.milestone.title, state: l.mr.milestone.state, dueDate: l.mr.milestone.due_date } : null,
      loaded: l,
    };
  }

  private people(list: People): UserCoreConnection {
    const base = this.config.publicUrl;
    const nodes: UserType[] = list.map((u) => ({
      id: toGlobalId('User', u.id), username: u.username, name: u.name, avatarUrl: u.avatar_url ?? `/-/avatars/${encodeURIComponent(u.username)}.svg`,
      webUrl: `${base}/${u.username}`, webPath: `/${u.username}`, state: u.state ?? 'active',
    }));
    return connectionOf(nodes) as UserCoreConnection;
  }

  /** Users by username (an unknown one: the mutation's error naming it). */
  private async usersNamed(names: readonly string[]): Promise<{ ids: number[]; unknown: string[] }> {
    const rows = (await this.ds.query('SELECT id, username FROM users WHERE lower(username) = ANY($1::text[])', [names.map((n) => n.toLowerCase())])) as Array<{ id: number; username: string }>;
    const byName = new Map(rows.map((r) => [r.username.toLowerCase(), Number(r.id)]));
    return { ids: names.flatMap((n) => (byName.has(n.toLowerCase()) ? [byName.get(n.toLowerCase())!] : [])), unknown: names.filter((n) => !byName.has(n.toLowerCase())) };
  }

  private static merge(current: readonly number[], given: readonly number[], mode: MutationOperationModeEnum | undefined): number[] {
    if ((mode ?? MutationOperationModeEnum.REPLACE) === MutationOperationModeEnum.REPLACE) return [...new Set(given)];
    if (mode === MutationOperationModeEnum.APPEND) return [...new Set([...current, ...given])];
    const out = new Set(given);
    return current.filter((id) => !out.has(id));
  }

  /** The update, with GitLab's mutation answer: bad input in `errors`, rights as top-level errors. */
  private async apply(actor: Actor | null, l: LoadedMergeRequest, clientMutationId: string | null | undefined, input: Parameters<UpdateMergeRequestAction['execute']>[2]) {
    try {
      const updated = await this.update.execute(actor, l, input);
      return { clientMutationId, mergeRequest: await this.toType(updated), errors: [] };
    } catch (e) {
      if (e instanceof AppError && e.status < 500 && e.status !== 401 && e.status !== 403) return { clientMutationId, mergeRequest: null, errors: [e.message] };
      throw e;
    }
  }

  /** Policy: update_merge_request. Replaces, adds or removes assignees by username (GitLab's mergeRequestSetAssignees). */
  @Mutation(() => MergeRequestSetAssigneesPayload, { nullable: true })
  async mergeRequestSetAssignees(@CurrentActor() actor: Actor | null, @Args('input') input: MergeRequestSetAssigneesInput): Promise<MergeRequestSetAssigneesPayload> {
    const l = await this.loader.findReadable(actor, input.projectPath, parseMergeRequestIid(input.iid));
    const { ids, unknown } = await this.usersNamed(input.assigneeUsernames);
    if (unknown.length) return { clientMutationId: input.clientMutationId, mergeRequest: null, errors: [`Unknown user: ${unknown.join(', ')}`] };
    return this.apply(actor, l, input.clientMutationId, { assigneeIds: MergeRequestResolver.merge(l.mr.assignees.map((u) => u.id), ids, input.operationMode) });
  }

  /** Policy: update_merge_request. Asks a reviewer who has reviewed for a review again (GitLab's mergeRequestReviewerRereview). */
  @Mutation(() => MergeRequestReviewerRereviewPayload, { nullable: true })
  async mergeRequestReviewerRereview(@CurrentActor() actor: Actor | null, @Args('input') input: MergeRequestReviewerRereviewInput): Promise<MergeRequestReviewerRereviewPayload> {
    const l = await this.loader.findReadable(actor, input.projectPath, parseMergeRequestIid(input.iid));
    const userId = parseGlobalId(input.userId, ['User']);
    if (userId === null) return { clientMutationId: input.clientMutationId, mergeRequest: null, errors: ['userId must be a user global id'] };
    try {
      return { clientMutationId: input.clientMutationId, mergeRequest: await this.toType(await this.rereview.execute(actor, l, userId)), errors: [] };
    } catch (e) {
      if (e instanceof AppError && e.status < 500 && e.status !== 401 && e.status !== 403) return { clientMutationId: input.clientMutationId, mergeRequest: null, errors: [e.message] };
      throw e;
    }
  }

  /** Policy: update_merge_request. Replaces, adds or removes reviewers by username (GitLab's mergeRequestSetReviewers). */
  @Mutation(() => MergeRequestSetReviewersPayload, { nullable: true })
  async mergeRequestSetReviewers(@CurrentActor() actor: Actor | null, @Args('input') input: MergeRequestSetReviewersInput): Promise<MergeRequestSetReviewersPayload> {
    const l = await this.loader.findReadable(actor, input.projectPath, parseMergeRequestIid(input.iid));
    const { ids, unknown } = await this.usersNamed(input.reviewerUsernames);
    if (unknown.length) return { clientMutationId: input.clientMutationId, mergeRequest: null, errors: [`Unknown user: ${unknown.join(', ')}`] };
    return this.apply(actor, l, input.clientMutationId, { reviewerIds: MergeRequestResolver.merge(l.mr.reviewers.map((u) => u.id), ids, input.operationMode) });
  }

  /** Policy: update_merge_request. Sets or removes (null) the milestone by global id (GitLab's mergeRequestSetMilestone). */
  @Mutation(() => MergeRequestSetMilestonePayload, { nullable: true })
  async mergeRequestSetMilestone(@CurrentActor() actor: Actor | null, @Args('input') input: MergeRequestSetMilestoneInput): Promise<MergeRequestSetMilestonePayload> {
    const l = await this.loader.findReadable(actor, input.projectPath, parseMergeRequestIid(input.iid));
    const id = input.milestoneId === null || input.milestoneId === undefined ? null : parseGlobalId(input.milestoneId, ['Milestone']);
    if (input.milestoneId && id === null) return { clientMutationId: input.clientMutationId, mergeRequest: null, errors: ['milestoneId must be a milestone global id'] };
    return this.apply(actor, l, input.clientMutationId, { milestoneId: id });
  }

  /** Policy: read_merge_request; null when the actor may not read it or it does not exist. */
  @ResolveField(() => MergeRequestType, { nullable: true })
  async mergeRequest(@CurrentActor() actor: Actor | null, @Parent() p: ProjectType, @Args('iid', { type: () => String }) iid: string): Promise<MergeRequestType | null> {
    const l = await this.loader.findReadable(actor, p.entity.id, parseMergeRequestIid(iid)).catch((e) => (e instanceof AppError ? null : Promise.reject(e)));
    return l ? this.toType(l) : null;
  }

  /** Policy: update_merge_request. Replaces, adds or removes labels by global id (GitLab's mergeRequestSetLabels). */
  @Mutation(() => MergeRequestSetLabelsPayload, { nullable: true })
  async mergeRequestSetLabels(@CurrentActor() actor: Actor | null, @Args('input') input: MergeRequestSetLabelsInput): Promise<MergeRequestSetLabelsPayload> {
    const l = await this.loader.findReadable(actor, input.projectPath, parseMergeRequestIid(input.iid));
    const ids = input.labelIds.map((g) => parseGlobalId(g, ['ProjectLabel', 'GroupLabel', 'Label']));
    if (ids.some((id) => id === null)) return { clientMutationId: input.clientMutationId, mergeRequest: null, errors: ['labelIds must be label global ids'] };
    const titles = ((await this.ds.query('SELECT title FROM labels WHERE id = ANY($1::int[])', [ids])) as Array<{ title: string }>).map((r) => r.title);
    const mode = input.operationMode ?? MutationOperationModeEnum.REPLACE;
    const lower = new Set(titles.map((t) => t.toLowerCase()));
    const next = mode === MutationOperationModeEnum.REPLACE ? titles : mode === MutationOperationModeEnum.APPEND ? [...new Set([...l.mr.labels, ...titles])] : l.mr.labels.filter((t) => !lower.has(t.toLowerCase()));
    try {
      const updated = await this.update.execute(actor, l, { labels: next });
      return { clientMutationId: input.clientMutationId, mergeRequest: await this.toType(updated), errors: [] };
    } catch (e) {
      if (e instanceof AppError && e.status < 500 && e.status !== 401 && e.status !== 403) return { clientMutationId: input.clientMutationId, mergeRequest: null, errors: [e.message] };
      throw e;
    }
  }
}
