import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { IterationController } from './iteration.controller';
import { IterationService } from './iteration.service';

/** Iterations and their cadences (REST v4). The iteration is the issue field fields/iteration.ts. */
@Module({ imports: [GroupModule], controllers: [IterationController], providers: [IterationService] })
export class IterationModule {}
