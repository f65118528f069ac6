import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { ProjectModule } from '../project/project.module';
import { GroupModule } from '../group/group.module';
import { GroupLabelController } from './group-label.controller';
import { LabelAdminService } from './label-admin.service';
import { LabelController } from './label.controller';
import { LabelService } from './label.service';

/** Labels: the project's and its groups' (REST), and their links to issues by id (LabelService). */
@Module({ imports: [ProjectModule, GroupModule, MarkdownModule], controllers: [LabelController, GroupLabelController], providers: [LabelService, LabelAdminService], exports: [LabelService] })
export class LabelModule {}
