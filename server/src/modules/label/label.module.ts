import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { ProjectModule } from '../project/project.module';
import { LabelController } from './label.controller';
import { LabelService } from './label.service';

/** Labels: the project's and its groups' (REST), and their links to issues by id (LabelService). */
@Module({ imports: [ProjectModule, MarkdownModule], controllers: [LabelController], providers: [LabelService], exports: [LabelService] })
export class LabelModule {}
