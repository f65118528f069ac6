import { Module } from '@nestjs/common';
import { IssueModule } from '../../issue/issue.module';
import { DescriptionVersionsController } from './description-versions.controller';

/** The description compare view and the soft delete of versions (the store lives with the issue writes). */
@Module({ imports: [IssueModule], controllers: [DescriptionVersionsController] })
export class DescriptionVersionsModule {}
