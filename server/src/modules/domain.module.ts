import { Global, Module } from '@nestjs/common';
import { MarkdownService } from '../core/markdown/markdown.service';
import { IssueController } from './issue/issue.controller';
import { IssuePageController } from './issue/issue-page.controller';
import { IssueService } from './issue/issue.service';
import { NoteService } from './note/note.service';
import { LabelController } from './label/label.controller';
import { MarkdownController } from './markdown/markdown.controller';
import { ProjectController } from './project/project.controller';
import { ProjectService } from './project/project.service';

/** Projects, issues and notes: the services every surface (REST, GraphQL, socket) shares. */
@Global()
@Module({
  controllers: [ProjectController, IssueController, IssuePageController, MarkdownController, LabelController],
  providers: [MarkdownService, ProjectService, IssueService, NoteService],
  exports: [MarkdownService, ProjectService, IssueService, NoteService],
})
export class DomainModule {}
