import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { ProjectModule } from '../project/project.module';
import { GroupMemberController } from './group-member.controller';
import { GroupMembersResolver, ProjectMembersResolver } from './member.resolver';
import { MemberService } from './member.service';
import { PermissionsHelpController } from './permissions-help.controller';
import { ProjectMemberController } from './project-member.controller';

/** Project and group members (one controller factory for both), their GraphQL fields, and the role permissions help page's data. */
@Module({
  imports: [ProjectModule, GroupModule],
  controllers: [ProjectMemberController, GroupMemberController, PermissionsHelpController],
  providers: [MemberService, ProjectMembersResolver, GroupMembersResolver],
  exports: [MemberService],
})
export class MemberModule {}
