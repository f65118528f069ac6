import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { ProjectModule } from '../project/project.module';
import { ShareProjectAction } from './actions/share-project';
import { UnshareProjectAction } from './actions/unshare-project';
import { GroupShareController } from './group-share.controller';

/** Projects shared with groups (project_group_links); the access rule is core/policy/group-share.ts. */
@Module({
  imports: [ProjectModule, GroupModule],
  controllers: [GroupShareController],
  providers: [ShareProjectAction, UnshareProjectAction],
})
export class GroupShareModule {}
