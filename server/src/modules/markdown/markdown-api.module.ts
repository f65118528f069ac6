import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { GroupModule } from '../group/group.module';
import { ProjectModule } from '../project/project.module';
import { MarkdownController } from './markdown.controller';

/** POST /api/v4/markdown, the editors' preview. */
@Module({ imports: [MarkdownModule, ProjectModule, GroupModule], controllers: [MarkdownController] })
export class MarkdownApiModule {}
