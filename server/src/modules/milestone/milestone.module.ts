import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { ProjectModule } from '../project/project.module';
import { GroupMilestoneController, ProjectMilestoneController } from './milestone.controller';
import { MilestoneService } from './milestone.service';

/** Milestones of projects and groups (REST v4). The milestone is the issue field fields/milestone.ts. */
@Module({ imports: [ProjectModule, GroupModule], controllers: [ProjectMilestoneController, GroupMilestoneController], providers: [MilestoneService] })
export class MilestoneModule {}
