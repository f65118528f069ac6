import { Global, Module } from '@nestjs/common';
import { MarkdownService } from '../core/markdown/markdown.service';
import { GroupController } from './group/group.controller';
import { GroupService } from './group/group.service';
import { ISSUE_CONTROLLERS, ISSUE_PROVIDERS } from './issue/issue.module';
import { LabelService } from './label/label.service';
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
    ...ISSUE_CONTROLLERS, MarkdownController, LabelController,
  ],
  providers: [MarkdownService, ProjectService, GroupService, MemberService, ...ISSUE_PROVIDERS, LabelService],
  exports: [MarkdownService, ProjectService, GroupService, MemberService, ...ISSUE_PROVIDERS, LabelService, NoteModule],
})
export class DomainModule {}
