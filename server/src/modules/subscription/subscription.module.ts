import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { IssueModule } from '../issue/issue.module';
import { SubscriptionController } from './subscription.controller';
import { SubscriptionResolver } from './subscription.resolver';

/** Per-user issue notification subscriptions: REST subscribe/unsubscribe, GraphQL issueSetSubscription and Issue.subscribed. */
@Module({
  imports: [IssueModule, MarkdownModule],
  controllers: [SubscriptionController],
  providers: [SubscriptionResolver],
})
export class SubscriptionModule {}
