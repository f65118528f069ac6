import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { IssueModule } from '../issue/issue.module';
import { NoteModule } from '../note/note.module';
import { ProjectModule } from '../project/project.module';
import { RepositoryModule } from '../repository/repository.module';
import { CommitMentionsAction } from './actions/commit-mentions';
import { CreateMergeRequestAction } from './actions/create-merge-request';
import { RereviewAction } from './actions/rereview-merge-request';
import { MergeMergeRequestAction } from './actions/merge-merge-request';
import { MergeRequestDiffsController } from './diffs/merge-request-diffs.controller';
import { MergeRequestDiffs } from './diffs/merge-request-diffs.service';
import { RefreshMergeRequestsAction } from './actions/refresh-merge-requests';
import { UpdateMergeRequestAction } from './actions/update-merge-request';
import { IssueMergeRequestsController } from './issue-merge-requests.controller';
import { MergeRequestController } from './merge-request.controller';
import { MergeRequestTemplatesController } from './merge-request-templates.controller';
import { MergeRequestDemoSeed } from './merge-request-demo.seed';
import { MergeRequestLoader } from './merge-request.loader';
import { MergeRequestPeople } from './merge-request-people';
import { MergeRequestSubscriptions } from './merge-request-subscriptions';
import { MergeRequestSubscriptionController } from './merge-request-subscription.controller';
import { MergeRequestSubscriptionResolver } from './merge-request-subscription.resolver';
import { MergeRequestResolver } from './merge-request.resolver';
import { MergeRequestPeopleResolver } from './merge-request-people.resolver';
import { BlobDiffController } from './diffs/blob-diff.controller';
import { UserModule } from '../user/user.module';

/**
 * Merge requests (GitLab's app/services/merge_requests/): REST v4 projects/:id/merge_requests,
 * one service per action, git through the repository port; the issue's related merge requests
 * and its create-merge-request dropdown calls.
 */
@Module({
  imports: [ProjectModule, RepositoryModule, IssueModule, NoteModule, MarkdownModule, UserModule],
  controllers: [MergeRequestController, MergeRequestSubscriptionController, MergeRequestTemplatesController, IssueMergeRequestsController, MergeRequestDiffsController, BlobDiffController],
  providers: [MergeRequestLoader, CreateMergeRequestAction, UpdateMergeRequestAction, MergeMergeRequestAction, MergeRequestDemoSeed, RefreshMergeRequestsAction, CommitMentionsAction, MergeRequestResolver, MergeRequestPeopleResolver, MergeRequestDiffs, MergeRequestPeople, RereviewAction, MergeRequestSubscriptions, MergeRequestSubscriptionResolver],
  exports: [MergeRequestLoader, MergeRequestDiffs, MergeRequestPeople, MergeRequestSubscriptions, CreateMergeRequestAction, UpdateMergeRequestAction, MergeMergeRequestAction],
})
export class MergeRequestModule {}
