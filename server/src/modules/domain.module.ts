import { Global, Module } from '@nestjs/common';
import { MarkdownService } from '../core/markdown/markdown.service';
import { GroupController } from './group/group.controller';
import { GroupService } from './group/group.service';
import { IssueController } from './issue/issue.controller';
import { IssuePageController } from './issue/issue-page.controller';
import { IssueService } from './issue/issue.service';
import { NoteModule } from './note/note.module';
import { LabelController } from './label/label.controller';
import { MarkdownController } from './markdown/markdown.controller';
import { GroupMemberController } from './member/group-member.controller';
import { MemberService } from './member/member.service';
import { ProjectMemberController } from './member/project-member.controller';
import { ProjectController } from './project/project.controller';
import { ProjectService } from './project/project.service';

/** Projects, groups, members, issues and notes: the services every surface (REST, GraphQL, socket) shares. */
@Global()
@Module({
  imports: [NoteModule],
  controllers: [
    ProjectController, GroupController, ProjectMemberController, GroupMemberController,
    IssueController, IssuePageController, MarkdownController, LabelController,
  ],
  providers: [MarkdownService, ProjectService, GroupService, MemberService, IssueService],
  exports: [MarkdownService, ProjectService, GroupService, MemberService, IssueService, NoteModule],
})
export class DomainModule {}
