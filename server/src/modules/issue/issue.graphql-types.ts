import type { IssueEpicFacts } from '../epic/epic.mapper';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { timeStats } from '@tandem/shared-types';
import { HEALTH_TO_GRAPHQL, HealthStatusEnum, IterationType, toIterationType } from '../iteration/iteration.graphql-types';
import { toApiIssueIteration } from '../iteration/iteration.queries';
import { Connection } from '../../core/graphql/connection';
import { toGlobalId } from '../../core/graphql/global-id';
import { DateScalar, TimeScalar } from '../../core/graphql/scalars';
import { taskCompletionStatus, type MarkdownService } from '../../core/markdown/markdown.service';
import type { IssueFacts, ProjectFacts } from '../../core/policy/policy';
import type { Label } from '../label/label.entity';
import { User as UserEntity, type User } from '../user/user.entity';
import { MilestoneType, toMilestoneType } from '../milestone/milestone.graphql-types';
import { toUserType, UserType } from '../user/user.graphql-types';
import { issueWebPath } from './issue.mapper';
import type { HydratedIssue } from './issue-context';

// ---------- enums (GitLab's names and values) ----------

export enum IssueStateEnum {
  opened = 'opened',
  closed = 'closed',
  locked = 'locked',
  all = 'all',
}
registerEnumType(IssueStateEnum, { name: 'IssueState', description: 'State of a GitLab issue' });

export enum IssuableStateEnum {
  opened = 'opened',
  closed = 'closed',
  locked = 'locked',
  all = 'all',
}
registerEnumType(IssuableStateEnum, { name: 'IssuableState', description: 'State of a GitLab issue or merge request' });

export enum IssueTypeEnum {
  ISSUE = 'issue',
  INCIDENT = 'incident',
  TEST_CASE = 'test_case',
}
registerEnumType(IssueTypeEnum, { name: 'IssueType', description: 'Issue type' });

export enum IssueStateEventEnum {
  REOPEN = 'reopen',
  CLOSE = 'close',
}
registerEnumType(IssueStateEventEnum, { name: 'IssueStateEvent', description: 'Values for issue state events' });

export enum IssueSortEnum {
  CREATED_DESC = 'CREATED_DESC',
  CREATED_ASC = 'CREATED_ASC',
  UPDATED_DESC = 'UPDATED_DESC',
  UPDATED_ASC = 'UPDATED_ASC',
  TITLE_ASC = 'TITLE_ASC',
  TITLE_DESC = 'TITLE_DESC',
}
registerEnumType(IssueSortEnum, { name: 'IssueSort', description: 'Values for sorting issues' });

export enum IssuableSeverityEnum {
  UNKNOWN = 'UNKNOWN',
  LOW = 'LOW',
  MEDIUM = 'MEDIUM',
  HIGH = 'HIGH',
  CRITICAL = 'CRITICAL',
}
registerEnumType(IssuableSeverityEnum, { name: 'IssuableSeverity', description: 'Incident severity' });

export enum MutationOperationModeEnum {
  REPLACE = 'REPLACE',
  APPEND = 'APPEND',
  REMOVE = 'REMOVE',
}
registerEnumType(MutationOperationModeEnum, { name: 'MutationOperationMode', description: 'Different toggles for changing mutator behavior' });

// ---------- object types ----------

@ObjectType('TaskCompletionStatus')
export class TaskCompletionStatusType {
  @Field(() => Int) count!: number;
  @Field(() => Int) completedCount!: number;
}

/** What the current user may do with an issue (policy module answers). */
@ObjectType('IssuePermissions')
export class IssuePermissionsType {
  @Field() readIssue!: boolean;
  @Field() updateIssue!: boolean;
  @Field() adminIssue!: boolean;
  @Field() reopenIssue!: boolean;
  @Field() destroyIssue!: boolean;
  @Field() createNote!: boolean;
}

@ObjectType('Issue')
export class IssueType {
  @Field(() => ID) id!: string;
  @Field({ description: 'Internal ID of the issue.' }) iid!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) titleHtml!: string | null;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { nullable: true }) descriptionHtml!: string | null;
  @Field(() => IssueStateEnum) state!: IssueStateEnum;
  @Field(() => IssueTypeEnum, { nullable: true }) type!: IssueTypeEnum;
  @Field() confidential!: boolean;
  @Field() discussionLocked!: boolean;
  @Field(() => UserType) author!: UserType;
  @Field(() => UserType, { nullable: true }) updatedBy!: UserType | null;
  @Field(() => UserType, { nullable: true }) closedBy!: UserType | null;
  @Field(() => MilestoneType, { nullable: true }) milestone!: MilestoneType | null;
  @Field(() => DateScalar, { nullable: true }) dueDate!: string | null;
  @Field(() => TimeScalar) createdAt!: string;
  @Field(() => TimeScalar) updatedAt!: string;
  @Field(() => TimeScalar, { nullable: true }) closedAt!: string | null;
  @Field() webUrl!: string;
  @Field() webPath!: string;
  @Field(() => Int) userNotesCount!: number;
  @Field(() => Int) upvotes!: number;
  @Field(() => Int) downvotes!: number;
  @Field(() => TaskCompletionStatusType) taskCompletionStatus!: TaskCompletionStatusType;
  @Field(() => Int, { description: 'Optimistic-locking version of title and description (Tandem).' }) lockVersion!: number;
  @Field(() => Int) projectId!: number;
  @Field(() => IssuableSeverityEnum, { nullable: true }) severity!: IssuableSeverityEnum | null;
  @Field(() => HealthStatusEnum, { nullable: true }) healthStatus!: HealthStatusEnum | null;
  @Field(() => IterationType, { nullable: true }) iteration!: IterationType | null;
  @Field(() => Int) timeEstimate!: number;
  @Field(() => Int) totalTimeSpent!: number;
  @Field(() => String, { nullable: true }) humanTimeEstimate!: string | null;
  @Field(() => String, { nullable: true }) humanTotalTimeSpent!: string | null;
  @Field(() => Int, { nullable: true }) relativePosition!: number | null;
  /** Resolved per viewer (subscription/subscription.resolver.ts). */
  subscribed!: boolean;
  @Field() emailsDisabled!: boolean;

  // Not exposed: what the field resolvers (reference, userPermissions, assignees, labels) need.
  projectFullPath!: string;
  projectFacts!: ProjectFacts;
  issueFacts!: IssueFacts;
  assigneeUsers!: User[];
  labelRows!: Label[];
  /** The issue's epic from the hydration (Issue.epic, modules/epic/epic.resolver.ts). */
  epicFacts!: IssueEpicFacts | null;
  projectNamespaceId!: number;
}

@ObjectType('IssueConnection')
export class IssueConnection extends Connection(IssueType, 'Issue') {}

// ---------- mutations (Relay classic: one input, payload with errors) ----------

// UpdateIssueInput and CreateIssueInput: built from the field registry (issue-input.graphql-types.ts)

@InputType('IssueSetAssigneesInput')
export class IssueSetAssigneesInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  @Field(() => [String]) assigneeUsernames!: string[];
  @Field(() => MutationOperationModeEnum, { nullable: true, defaultValue: MutationOperationModeEnum.REPLACE })
  operationMode?: MutationOperationModeEnum;
}

@InputType('IssueSetConfidentialInput')
export class IssueSetConfidentialInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  @Field() confidential!: boolean;
}

@InputType('IssueSetLockedInput')
export class IssueSetLockedInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  @Field() locked!: boolean;
}

@InputType('IssueSetDueDateInput')
export class IssueSetDueDateInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  @Field(() => TimeScalar, { nullable: true, description: 'Desired due date for the issue. Due date is removed if null.' })
  dueDate!: string | null;
}

/** Every issue mutation answers with the issue and `errors: [String!]!`. */
@ObjectType('IssueMutationPayload', { isAbstract: true })
export abstract class IssuePayloadBase {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => IssueType, { nullable: true }) issue!: IssueType | null;
  @Field(() => [String], { description: 'Errors encountered during execution of the mutation.' }) errors!: string[];
}

@ObjectType('UpdateIssuePayload')
export class UpdateIssuePayload extends IssuePayloadBase {}
@ObjectType('CreateIssuePayload')
export class CreateIssuePayload extends IssuePayloadBase {}
@ObjectType('IssueSetAssigneesPayload')
export class IssueSetAssigneesPayload extends IssuePayloadBase {}
@ObjectType('IssueSetConfidentialPayload')
export class IssueSetConfidentialPayload extends IssuePayloadBase {}
@ObjectType('IssueSetLockedPayload')
export class IssueSetLockedPayload extends IssuePayloadBase {}
@ObjectType('IssueSetDueDatePayload')
export class IssueSetDueDatePayload extends IssuePayloadBase {}

// ---------- mapping ----------

const SEVERITIES = new Set<string>(Object.values(IssuableSeverityEnum));

/** A hydrated issue as GraphQL's `Issue`, with the facts its field resolvers need. */
export function toIssueType(h: HydratedIssue, projectFacts: ProjectFacts, baseUrl: string, md: MarkdownService): IssueType {
  const { issue: i, project: p } = h;
  const tasks = taskCompletionStatus(i.description);
  const webPath = issueWebPath(p.fullPath, i.iid);
  const ghost = Object.assign(new UserEntity(), { id: 0, username: 'ghost', name: 'Ghost User', state: 'active', avatarUrl: null });
  return {
    id: toGlobalId('Issue', i.id),
    iid: String(i.iid),
    title: i.title,
    titleHtml: md.renderInline(i.title, { projectPath: p.fullPath }),
    description: i.description,
    descriptionHtml: i.descriptionHtml ?? '',
    state: i.state as IssueStateEnum,
    type: i.issueType as IssueTypeEnum,
    confidential: i.confidential,
    discussionLocked: i.discussionLocked,
    author: toUserType(h.author ?? ghost, baseUrl),
    updatedBy: h.updatedBy ? toUserType(h.updatedBy, baseUrl) : null,
    closedBy: h.closedBy ? toUserType(h.closedBy, baseUrl) : null,
    milestone: h.milestone ? toMilestoneType(h.milestone, p.fullPath, false) : null,
    dueDate: i.dueDate,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
    closedAt: i.closedAt?.toISOString() ?? null,
    webUrl: `${baseUrl}${webPath}`,
    webPath,
    userNotesCount: h.userNotesCount,
    upvotes: h.upvotes,
    downvotes: h.downvotes,
    taskCompletionStatus: { count: tasks.count, completedCount: tasks.completed_count },
    lockVersion: i.lockVersion,
    projectId: i.projectId,
    severity: SEVERITIES.has(i.severity) ? (i.severity as IssuableSeverityEnum) : null,
    healthStatus: i.healthStatus ? HEALTH_TO_GRAPHQL[i.healthStatus] : null,
    iteration: h.iteration ? toIterationType(toApiIssueIteration(h.iteration, baseUrl)) : null,
    timeEstimate: i.timeEstimate,
    totalTimeSpent: i.totalTimeSpent,
    humanTimeEstimate: timeStats(i.timeEstimate, i.totalTimeSpent).human_time_estimate,
    humanTotalTimeSpent: timeStats(i.timeEstimate, i.totalTimeSpent).human_total_time_spent,
    relativePosition: i.relativePosition,
    subscribed: false,
    emailsDisabled: false,
    projectFullPath: p.fullPath,
    projectFacts,
    issueFacts: {
      confidential: i.confidential,
      authorId: i.authorId,
      assigneeIds: h.assignees.map((u) => u.id),
      discussionLocked: i.discussionLocked,
      state: i.state,
    },
    assigneeUsers: h.assignees,
    labelRows: h.labels,
    epicFacts: h.epic,
    projectNamespaceId: p.namespaceId,
  };
}
