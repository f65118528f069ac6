import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { NoteModule } from '../note/note.module';
import { CreateIssueLinksAction } from './actions/create-issue-links';
import { DestroyIssueLinkAction } from './actions/destroy-issue-link';
import { ReorderIssueLinkAction } from './actions/reorder-issue-link';
import { IssueLinkPageController } from './issue-link-page.controller';
import { IssueLinkController } from './issue-link.controller';
import { IssueLinkFinder } from './issue-link.finder';
import { LinkNotes } from './link-notes';
import { ReferenceResolver } from './reference-resolver';

/** Related issues: the finder, one action per verb, the page block's endpoints and REST v4 links. */
@Module({
  imports: [IssueModule, NoteModule],
  controllers: [IssueLinkController, IssueLinkPageController],
  providers: [IssueLinkFinder, ReferenceResolver, LinkNotes, CreateIssueLinksAction, DestroyIssueLinkAction, ReorderIssueLinkAction],
  exports: [IssueLinkFinder, ReferenceResolver, CreateIssueLinksAction, DestroyIssueLinkAction],
})
export class IssueLinkModule {}
