import { Module } from '@nestjs/common';
import { ProjectModule } from '../project/project.module';
import { RepositoryModule } from '../repository/repository.module';
import { IssueTemplateController } from './issue-template.controller';
import { IssueTemplateStore } from './issue-template.store';

/** Description templates per project (the edit form's chooser). */
@Module({
  imports: [ProjectModule, RepositoryModule],
  controllers: [IssueTemplateController],
  providers: [IssueTemplateStore],
  exports: [IssueTemplateStore],
})
export class IssueTemplateModule {}
