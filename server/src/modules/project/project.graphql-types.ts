import { ArgsType, Field, ID, ObjectType } from '@nestjs/graphql';
import { ConnectionArgs } from '../../core/graphql/connection';
import type { ProjectFacts } from '../../core/policy/policy';
import { IssuableStateEnum, IssueSortEnum, IssueTypeEnum } from '../issue/issue.graphql-types';
import type { Project } from './project.entity';

@ObjectType('ProjectPermissions')
export class ProjectPermissionsType {
  @Field() readProject!: boolean;
  @Field() createIssue!: boolean;
  @Field() adminProject!: boolean;
  @Field() readConfidentialIssues!: boolean;
}

@ObjectType('Project')
export class ProjectType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() nameWithNamespace!: string;
  @Field(() => ID) fullPath!: string;
  @Field() path!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() visibility!: string;
  @Field() webUrl!: string;
  @Field() archived!: boolean;
  @Field() issuesEnabled!: boolean;

  // Not exposed: the loaded project and the actor's facts, for the field resolvers.
  entity!: Project;
  facts!: ProjectFacts;
}

/** `Project.issues` arguments (GitLab's names). */
@ArgsType()
export class ProjectIssuesArgs extends ConnectionArgs {
  @Field(() => IssuableStateEnum, { nullable: true, description: 'Current state of this issue.' }) state?: IssuableStateEnum | null;
  @Field(() => String, { nullable: true, description: 'Search query for title or description.' }) search?: string | null;
  @Field(() => [String], { nullable: 'itemsAndList', description: 'Labels applied to this issue.' }) labelName?: Array<string | null> | null;
  @Field(() => [String], { nullable: true, description: 'Usernames of users assigned to the issue.' }) assigneeUsernames?: string[] | null;
  @Field(() => String, { nullable: true, deprecationReason: 'Use `assigneeUsernames`.' }) assigneeUsername?: string | null;
  @Field(() => String, { nullable: true, description: 'ID of a user assigned to the issues. Wildcard values "NONE" and "ANY" are supported.' }) assigneeId?: string | null;
  @Field(() => String, { nullable: true }) authorUsername?: string | null;
  @Field(() => String, { nullable: true, description: 'IID of the issue. For example, "1".' }) iid?: string | null;
  @Field(() => [String], { nullable: true, description: 'List of IIDs of issues. For example, `["1", "2"]`.' }) iids?: string[] | null;
  @Field(() => Boolean, { nullable: true }) confidential?: boolean | null;
  @Field(() => [IssueTypeEnum], { nullable: true }) types?: IssueTypeEnum[] | null;
  @Field(() => IssueSortEnum, { nullable: true, defaultValue: IssueSortEnum.CREATED_DESC }) sort?: IssueSortEnum;
}

export function toProjectType(p: Project, facts: ProjectFacts, baseUrl: string): ProjectType {
  return {
    id: `gid://tandem/Project/${p.id}`,
    name: p.name,
    nameWithNamespace: p.namespace ? `${p.namespace.name} / ${p.name}` : p.name,
    fullPath: p.fullPath,
    path: p.path,
    description: p.description,
    visibility: p.visibility,
    webUrl: `${baseUrl}/${p.fullPath}`,
    archived: p.archived,
    issuesEnabled: true,
    entity: p,
    facts,
  };
}
