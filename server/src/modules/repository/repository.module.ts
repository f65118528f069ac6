import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ProjectModule } from '../project/project.module';
import { GitHttpService } from './http/git-http.service';
import { RepositoryPushEvents } from './http/push-events';
import { RepositoryService } from './repository.service';

/**
 * Git repositories of projects: the port (RepositoryService; docs/decisions.md "Code hosting")
 * and git over smart HTTP (GitHttpService, mounted ahead of Express in app.ts).
 */
@Module({
  imports: [ProjectModule, AuthModule],
  providers: [RepositoryService, GitHttpService, RepositoryPushEvents],
  exports: [RepositoryService, GitHttpService],
})
export class RepositoryModule {}
