import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { IssueModule } from '../issue/issue.module';
import { ProjectModule } from '../project/project.module';
import { PublishIncidentAction } from './actions/publish-incident';
import { UnpublishIncidentAction } from './actions/unpublish-incident';
import { UpdateStatusPageSettingsAction } from './actions/update-status-page-settings';
import { PublicStatusPageController } from './public-status-page.controller';
import { StatusPageController } from './status-page.controller';
import { StatusPageFinder } from './status-page.finder';

/** The status page: the project's setting, publishing incidents (REST, /publish) and the public JSON. */
@Module({
  imports: [IssueModule, ProjectModule, MarkdownModule],
  controllers: [StatusPageController, PublicStatusPageController],
  providers: [PublishIncidentAction, UnpublishIncidentAction, UpdateStatusPageSettingsAction, StatusPageFinder],
  exports: [PublishIncidentAction],
})
export class StatusPageModule {}
