import { ArgsType, Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import { toGlobalId } from '../../core/graphql/global-id';
import { DateScalar, TimeScalar } from '../../core/graphql/scalars';
import { Connection, ConnectionArgs } from '../../core/graphql/connection';
import { IssueType } from '../issue/issue.graphql-types';
import { epicReference, epicWebPath, type IssueEpicFacts } from './epic.mapper';
import type { EpicRow } from './epic.store';

@ObjectType('Epic')
export class EpicType {
  @Field(() => ID) id!: string;
  @Field({ description: 'Internal ID of the epic.' }) iid!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { nullable: true }) state!: string | null;
  @Field() confidential!: boolean;
  @Field(() => DateScalar, { nullable: true }) startDate!: string | null;
  @Field(() => DateScalar, { nullable: true }) dueDate!: string | null;
  @Field(() => TimeScalar, { nullable: true }) createdAt!: string | null;
  @Field() webUrl!: string;
  @Field() webPath!: string;
  @Field({ description: 'Internal reference of the epic (`&3`, or `group&3` with full: true).' }) reference!: string;
  @Field(() => ID) groupId!: string;
  @Field() groupFullPath!: string;
}

@ObjectType('EpicConnection')
export class EpicConnection extends Connection(EpicType, 'Epic') {}

@ObjectType('Group')
export class GroupType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() fullPath!: string;
  @Field() webUrl!: string;
  groupId!: number;
}

@ArgsType()
export class GroupEpicsArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: 'Search query for title or description.' }) search?: string | null;
  @Field(() => ID, { nullable: true, description: 'IID of the epic, e.g., "1".' }) iid?: string | null;
  @Field(() => String, { nullable: true, description: 'Filter epics by state (opened, closed, all).' }) state?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Include epics from ancestor groups.', defaultValue: false }) includeAncestorGroups?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Include epics from descendant groups.', defaultValue: true }) includeDescendantGroups?: boolean | null;
}

@InputType('IssueSetEpicInput')
export class IssueSetEpicInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  @Field(() => ID, { nullable: true, description: 'Global ID of the epic to assign the issue to; null removes it.' }) epicId!: string | null;
}

@ObjectType('IssueSetEpicPayload')
export class IssueSetEpicPayload {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => IssueType, { nullable: true }) issue!: IssueType | null;
  @Field(() => [String]) errors!: string[];
}

@InputType('PromoteToEpicInput')
export class PromoteToEpicInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  @Field(() => ID, { nullable: true, description: 'Group the promoted epic belongs to (the project\'s group when omitted).' }) groupPath?: string | null;
}

@ObjectType('PromoteToEpicPayload')
export class PromoteToEpicPayload {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => EpicType, { nullable: true }) epic!: EpicType | null;
  @Field(() => IssueType, { nullable: true }) issue!: IssueType | null;
  @Field(() => [String]) errors!: string[];
}

export function toEpicType(e: EpicRow, baseUrl: string, fromGroupId: number | null): EpicType {
  const webPath = epicWebPath(e.groupPath, e.iid);
  return {
    id: toGlobalId('Epic', e.id),
    iid: String(e.iid),
    title: e.title,
    description: e.description,
    state: e.state,
    confidential: e.confidential,
    startDate: e.startDate,
    dueDate: e.endDate,
    createdAt: e.createdAt.toISOString(),
    webUrl: `${baseUrl}${webPath}`,
    webPath,
    reference: epicReference(e, fromGroupId),
    groupId: toGlobalId('Group', e.groupId),
    groupFullPath: e.groupPath,
  };
}

/** The epic an issue shows (from the issue's hydration). */
export function issueEpicType(e: IssueEpicFacts, baseUrl: string, projectNamespaceId: number): EpicType {
  const webPath = epicWebPath(e.groupPath, e.iid);
  return {
    id: toGlobalId('Epic', e.id),
    iid: String(e.iid),
    title: e.title,
    description: null,
    state: e.state ?? null,
    confidential: e.confidential,
    startDate: null,
    dueDate: e.endDate,
    createdAt: null,
    webUrl: `${baseUrl}${webPath}`,
    webPath,
    reference: epicReference(e, projectNamespaceId),
    groupId: toGlobalId('Group', e.groupId),
    groupFullPath: e.groupPath,
  };
}

@InputType('UpdateEpicInput')
export class UpdateEpicInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID, { description: 'Group the epic belongs to.' }) groupPath!: string;
  @Field(() => ID, { description: 'IID of the epic to mutate.' }) iid!: string;
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true }) confidential?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Start date of the epic (yyyy-mm-dd); null removes it.' }) startDateFixed?: string | null;
  @Field(() => String, { nullable: true, description: 'End date of the epic (yyyy-mm-dd); null removes it.' }) dueDateFixed?: string | null;
  @Field(() => String, { nullable: true, description: 'State event for the epic: REOPEN or CLOSE.' }) stateEvent?: string | null;
}

@ObjectType('UpdateEpicPayload')
export class UpdateEpicPayload {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => EpicType, { nullable: true }) epic!: EpicType | null;
  @Field(() => [String]) errors!: string[];
}
