import { Field, ID, InputType } from '@nestjs/graphql';

@InputType('IssueSetSubscriptionInput')
export class IssueSetSubscriptionInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID, { description: 'Project the issue to mutate is in.' }) projectPath!: string;
  @Field({ description: 'IID of the issue to mutate.' }) iid!: string;
  @Field({ description: 'Desired state of the subscription.' }) subscribedState!: boolean;
}
