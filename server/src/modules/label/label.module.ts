import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { ProjectModule } from '../project/project.module';
import { GroupModule } from '../group/group.module';
import { GroupLabelController } from './group-label.controller';
import { LabelAdminService } from './label-admin.service';
import { ProjectLabelController } from './project-label.controller';
import { LabelService } from './label.service';
import { GroupLabelsPageController, SuggestedColorsController } from './suggested-colors.controller';

/** Labels: the project's and its groups' (REST, one controller factory for both), and their links to issues by id (LabelService). */
@Module({ imports: [ProjectModule, GroupModule, MarkdownModule], controllers: [ProjectLabelController, GroupLabelController, SuggestedColorsController, GroupLabelsPageController], providers: [LabelService, LabelAdminService], exports: [LabelService] })
export class LabelModule {}
