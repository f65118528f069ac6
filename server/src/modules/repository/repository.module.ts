import { Module } from '@nestjs/common';
import { RealtimeCoreModule } from '../../core/realtime/realtime-core.module';
import { AuthModule } from '../auth/auth.module';
import { ProjectModule } from '../project/project.module';
import { BranchesController } from './api/branches.controller';
import { CommitsController } from './api/commits.controller';
import { FilesController } from './api/files.controller';
import { FilesWriteController } from './api/files-write.controller';
import { RepositoryFileWrites } from './api/file-writes';
import { RawPageController } from './api/raw-page.controller';
import { RepositoryAccess } from './api/repository-access';
import { GitHttpService } from './http/git-http.service';
import { RepositoryPushEvents } from './http/push-events';
import { RepositoryService } from './repository.service';

/**
 * Git repositories of projects: the port (RepositoryService; docs/decisions.md "Code hosting")
 * and git over smart HTTP (GitHttpService, mounted ahead of Express in app.ts).
 */
@Module({
  imports: [ProjectModule, AuthModule, RealtimeCoreModule],
  controllers: [BranchesController, CommitsController, FilesController, FilesWriteController, RawPageController],
  providers: [RepositoryService, GitHttpService, RepositoryPushEvents, RepositoryAccess, RepositoryFileWrites],
  exports: [RepositoryService, GitHttpService, RepositoryAccess],
})
export class RepositoryModule {}
