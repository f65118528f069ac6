import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { GroupProjectsController } from './group-projects.controller';
import { ProjectController } from './project.controller';
import { ProjectService } from './project.service';

/** Projects: lookup with the actor's access, settings (REST /projects, /groups/:id/projects). */
@Module({ imports: [GroupModule], controllers: [ProjectController, GroupProjectsController], providers: [ProjectService], exports: [ProjectService] })
export class ProjectModule {}
