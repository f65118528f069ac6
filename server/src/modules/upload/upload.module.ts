import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { ProjectModule } from '../project/project.module';
import { GroupUploadAllowedGuard, GroupUploadController } from './group-upload.controller';
import { UploadAllowedGuard, UploadController } from './upload.controller';

/**
 * Attachments: POST {project}/uploads, GET {project}/uploads/<secret>/<file>; a group's
 * (epics): POST /groups/<path>/-/uploads, GET /groups/<path>/-/uploads/<secret>/<file>, listed
 * first so the project routes' wildcard does not take them (docs/decisions.md).
 */
@Module({ imports: [ProjectModule, GroupModule], controllers: [GroupUploadController, UploadController], providers: [UploadAllowedGuard, GroupUploadAllowedGuard] })
export class UploadModule {}
