import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { ProjectModule } from '../project/project.module';
import { ShareGroupAction } from './actions/share-group';
import { ShareProjectAction } from './actions/share-project';
import { UnshareGroupAction } from './actions/unshare-group';
import { UnshareProjectAction } from './actions/unshare-project';
import { GroupShareGroupController } from './group-share-group.controller';
import { GroupShareController } from './group-share.controller';

/** Projects and groups shared with groups (project_group_links, group_group_links); the access rules are in core/policy/membership-sql.ts. */
@Module({
  imports: [ProjectModule, GroupModule],
  controllers: [GroupShareController, GroupShareGroupController],
  providers: [ShareProjectAction, UnshareProjectAction, ShareGroupAction, UnshareGroupAction],
})
export class GroupShareModule {}
