import { Module } from '@nestjs/common';
import { ProjectController } from './project.controller';
import { ProjectService } from './project.service';

/** Projects: lookup with the actor's access, settings (REST /projects). */
@Module({ controllers: [ProjectController], providers: [ProjectService], exports: [ProjectService] })
export class ProjectModule {}
