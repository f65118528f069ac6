import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import { IssuableSeverityEnum, IssuePayloadBase } from './issue.graphql-types';

@InputType('IssueSetSeverityInput')
export class IssueSetSeverityInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  @Field(() => IssuableSeverityEnum) severity!: IssuableSeverityEnum;
}

@InputType('IssueSetIterationInput')
export class IssueSetIterationInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) projectPath!: string;
  @Field() iid!: string;
  @Field(() => ID, { nullable: true, description: 'Iteration to assign to the issue; null removes it.' }) iterationId?: string | null;
}

@ObjectType('IssueSetSeverityPayload')
export class IssueSetSeverityPayload extends IssuePayloadBase {}
@ObjectType('IssueSetIterationPayload')
export class IssueSetIterationPayload extends IssuePayloadBase {}
