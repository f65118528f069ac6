import { Module } from '@nestjs/common';
import { ProjectModule } from '../project/project.module';
import { UploadAllowedGuard, UploadController } from './upload.controller';

/** Attachments: POST {project}/uploads, GET {project}/uploads/<secret>/<file> (docs/decisions.md). */
@Module({ imports: [ProjectModule], controllers: [UploadController], providers: [UploadAllowedGuard] })
export class UploadModule {}
