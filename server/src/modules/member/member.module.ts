import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { ProjectModule } from '../project/project.module';
import { GroupMemberController } from './group-member.controller';
import { MemberService } from './member.service';
import { ProjectMemberController } from './project-member.controller';

/** Project and group members (one controller factory for both). */
@Module({
  imports: [ProjectModule, GroupModule],
  controllers: [ProjectMemberController, GroupMemberController],
  providers: [MemberService],
  exports: [MemberService],
})
export class MemberModule {}
