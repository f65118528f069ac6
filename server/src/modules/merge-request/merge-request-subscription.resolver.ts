import { Args, Field, ID, InputType, Mutation, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { MergeRequestLoader } from './merge-request.loader';
import { MergeRequestResolver, MergeRequestType } from './merge-request.resolver';
import { MergeRequestSubscriptions } from './merge-request-subscriptions';
import { parseMergeRequestIid } from './merge-request.validation';

@InputType('MergeRequestSetSubscriptionInput')
export class MergeRequestSetSubscriptionInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID, { description: 'Project the merge request to mutate is in.' }) projectPath!: string;
  @Field({ description: 'IID of the merge request to mutate.' }) iid!: string;
  @Field({ description: 'Desired state of the subscription.' }) subscribedState!: boolean;
}

@ObjectType('MergeRequestSetSubscriptionPayload')
export class MergeRequestSetSubscriptionPayload {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => MergeRequestType, { nullable: true }) mergeRequest!: MergeRequestType | null;
  @Field(() => [String]) errors!: string[];
}

/** The viewer's notifications on a merge request (GitLab's `MergeRequest.subscribed` and mergeRequestSetSubscription): per user, nothing broadcast to its watchers. */
@Resolver(() => MergeRequestType)
export class MergeRequestSubscriptionResolver {
  constructor(
    private readonly loader: MergeRequestLoader,
    private readonly store: MergeRequestSubscriptions,
    private readonly types: MergeRequestResolver,
  ) {}

  /** Policy: read_merge_request (checked when it was loaded); the viewer's own subscription, false when signed out. */
  @ResolveField(() => Boolean, { description: 'Indicates if the currently logged in user is subscribed to this merge request.' })
  async subscribed(@CurrentActor() actor: Actor | null, @Parent() m: MergeRequestType): Promise<boolean> {
    if (!actor) return false;
    return this.store.isSubscribed(m.loaded.mr.id, actor.id);
  }

  /** Policy: update_subscription. */
  @Mutation(() => MergeRequestSetSubscriptionPayload, { nullable: true })
  async mergeRequestSetSubscription(@SignedInActor() actor: Actor, @Args('input') input: MergeRequestSetSubscriptionInput): Promise<MergeRequestSetSubscriptionPayload> {
    const l = await this.loader.findReadable(actor, input.projectPath, parseMergeRequestIid(input.iid));
    MergeRequestLoader.authorize(actor, 'update_subscription', l);
    await this.store.setAndAnnounce(l.mr.id, actor.id, input.subscribedState, { projectPath: l.project.fullPath, iid: l.mr.iid });
    return { clientMutationId: input.clientMutationId ?? null, mergeRequest: await this.types.toType(l), errors: [] };
  }
}
