import { Inject } from '@nestjs/common';
import { Args, Mutation, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { parseGlobalId } from '../../core/graphql/global-id';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { MarkdownService } from '../../core/markdown/markdown.service';
import type { Actor } from '../../core/policy/policy';
import { authorizeOnIssue } from '../issue/issue-context';
import { IssuePayloadBase, IssueType, toIssueType } from '../issue/issue.graphql-types';
import { IssueLoader } from '../issue/issue.loader';
import { IssueSetSubscriptionInput } from './subscription.graphql-types';
import { SubscriptionStore } from '../issue/subscription.store';

@ObjectType('IssueSetSubscriptionPayload')
export class IssueSetSubscriptionPayload extends IssuePayloadBase {}

/** Notifications on/off for the current user: per user, so nothing is broadcast to other watchers. */
@Resolver(() => IssueType)
export class SubscriptionResolver {
  constructor(
    private readonly loader: IssueLoader,
    private readonly store: SubscriptionStore,
    private readonly markdown: MarkdownService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_issue (checked on load); the viewer's own subscription, false when signed out. */
  @ResolveField(() => Boolean, { description: 'Indicates the currently logged in user is subscribed to the issue.' })
  async subscribed(@CurrentActor() actor: Actor | null, @Parent() i: IssueType): Promise<boolean> {
    const id = parseGlobalId(i.id, ['Issue']);
    if (!actor || id === null) return false;
    return this.store.isSubscribed(id, actor.id);
  }

  /** Policy: update_subscription. */
  @Mutation(() => IssueSetSubscriptionPayload, { nullable: true })
  async issueSetSubscription(@SignedInActor() actor: Actor, @Args('input') input: IssueSetSubscriptionInput): Promise<IssueSetSubscriptionPayload> {
    const loaded = await this.loader.findReadable(actor, input.projectPath, input.iid, { hydrate: true });
    authorizeOnIssue(actor, 'update_subscription', loaded);
    await this.store.set(loaded.issue.id, actor.id, input.subscribedState, { projectPath: loaded.project.fullPath, iid: loaded.issue.iid });
    return { clientMutationId: input.clientMutationId ?? null, issue: toIssueType(loaded.hydrated!, loaded.projectFacts, this.config.publicUrl, this.markdown), errors: [] };
  }
}
