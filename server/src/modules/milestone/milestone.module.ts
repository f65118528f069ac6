import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { ProjectModule } from '../project/project.module';
import { GroupMilestoneController } from './group-milestone.controller';
import { ProjectMilestoneController } from './project-milestone.controller';
import { MilestoneService } from './milestone.service';

/** Milestones of projects and groups (REST v4; one controller factory for both). The milestone is the issue field fields/milestone.ts. */
@Module({ imports: [ProjectModule, GroupModule], controllers: [ProjectMilestoneController, GroupMilestoneController], providers: [MilestoneService] })
export class MilestoneModule {}
