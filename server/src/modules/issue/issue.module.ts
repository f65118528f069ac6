import { Module, type OnModuleInit } from '@nestjs/common';
import { CrossReferenceVisibility } from '../note/cross-reference-visibility';
import { SpamModule } from '../spam/spam.module';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { LabelModule } from '../label/label.module';
import { NoteModule } from '../note/note.module';
import { ProjectModule } from '../project/project.module';
import { CreateIssueAction } from './actions/create-issue';
import { DestroyIssueAction } from './actions/destroy-issue';
import { FieldEnvBuilder } from './fields/field-env';
import { MoveIssueAction } from './actions/move-issue';
import { CloneIssueAction } from './actions/clone-issue';
import { GroupModule } from '../group/group.module';
import { GroupIssuesController } from './group-issues.controller';
import { IssueBulkController } from './issue-bulk.controller';
import { IssueMoveController } from './issue-move.controller';
import { IssueMoveResolver } from './issue-move.resolver';
import { IssuePeopleResolver } from './issue-people.resolver';
import { SubscriptionStore } from './subscription.store';
import { UpdateIssueAction } from './actions/update-issue';
import { IssuePageController } from './issue-page.controller';
import { IssueController } from './issue.controller';
import { IssueFinder } from './issue.finder';
import { IssueLoader } from './issue.loader';
import { IssueResolver } from './issue.resolver';
import { TimeTrackingController } from './time-tracking/time-tracking.controller';
import { TimelogFinder } from './time-tracking/timelog.finder';
import { IssueTimelogsResolver } from './time-tracking/timelogs.resolver';
import { DescriptionVersionStore } from '../note/description-versions/description-version.store';
import { QuickActionInterpreter } from './quick-actions/quick-action-interpreter';

/** Issues: the finder (lists), the loader (one issue with its access), one file per action, REST, page endpoints and GraphQL. */
@Module({
  imports: [ProjectModule, GroupModule, LabelModule, NoteModule, MarkdownModule, SpamModule],
  // bulk_update before IssueController's PUT :iid
  controllers: [GroupIssuesController, IssueBulkController, IssueMoveController, IssueController, IssuePageController, TimeTrackingController],
  providers: [IssueFinder, IssueLoader, FieldEnvBuilder, CreateIssueAction, UpdateIssueAction, DestroyIssueAction, IssueResolver, DescriptionVersionStore, QuickActionInterpreter, MoveIssueAction, CloneIssueAction, IssueMoveResolver, IssuePeopleResolver, TimelogFinder, IssueTimelogsResolver, SubscriptionStore],
  exports: [IssueFinder, IssueLoader, CreateIssueAction, UpdateIssueAction, MoveIssueAction, CloneIssueAction, DestroyIssueAction, DescriptionVersionStore, QuickActionInterpreter, SubscriptionStore],
})
export class IssueModule implements OnModuleInit {
  constructor(
    private readonly crossReferences: CrossReferenceVisibility,
    private readonly loader: IssueLoader,
  ) {}

  /** Notes naming an issue are shown to those who may read it (note module, cross-references). */
  onModuleInit(): void {
    this.crossReferences.register('issue', (actor, refs) => this.loader.readableRefs(actor, refs));
  }
}
