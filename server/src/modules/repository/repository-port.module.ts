import { Global, Module } from '@nestjs/common';
import { PROJECT_REPOSITORY_PORT } from '../project/project-repository.port';
import { RepositoryModule } from './repository.module';
import { RepositoryService } from './repository.service';

/**
 * Provides the ports lower modules read repositories through (they cannot import
 * RepositoryModule, which imports them): the project module's default branch.
 */
@Global()
@Module({
  imports: [RepositoryModule],
  providers: [{ provide: PROJECT_REPOSITORY_PORT, useExisting: RepositoryService }],
  exports: [PROJECT_REPOSITORY_PORT],
})
export class RepositoryPortModule {}
