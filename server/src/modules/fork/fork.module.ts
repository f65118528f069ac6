import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { ProjectModule } from '../project/project.module';
import { RepositoryModule } from '../repository/repository.module';
import { ForkController } from './fork.controller';
import { ForkService } from './fork.service';

/** Forks (GitLab's Projects::ForkService): a project, its owner membership and a clone of the upstream's repository. */
@Module({ imports: [ProjectModule, GroupModule, RepositoryModule], controllers: [ForkController], providers: [ForkService], exports: [ForkService] })
export class ForkModule {}
