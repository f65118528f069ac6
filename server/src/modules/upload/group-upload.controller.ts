/// <reference types="multer" />
import path from 'node:path';
import { type CanActivate, Controller, type ExecutionContext, Get, HttpCode, Inject, Injectable, Param, Post, Req, Res, UploadedFile, UseFilters, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { DISCUSSION_LIMITS, UPLOAD_TEXTS, type UploadResponse } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { authOf } from '../../core/http/request-context';
import { canGroup, type Actor } from '../../core/policy/policy';
import type { Namespace } from '../group/namespace.entity';
import { GroupService } from '../group/group.service';
import { UploadTooLargeFilter } from './upload.controller';
import { preparedUpload } from './upload-content';
import { sendStoredFile, uploadAnswer, UploadStorage } from './upload-storage';

/** The group an upload goes to, found and authorised before the body is read. */
type GroupUploadRequest = Request & { uploadGroup?: Namespace };

/** upload_group_file on the group in the path (page route: its path; REST: its id or path), checked before multer reads a byte. */
@Injectable()
export class GroupUploadAllowedGuard implements CanActivate {
  constructor(private readonly groups: GroupService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<GroupUploadRequest>();
    const actor = authOf(req).actor;
    if (!actor) throw new AppError('UNAUTHORIZED');
    const params = req.params as Record<string, string | string[]>;
    const ref = params.group ?? params.id;
    const { group, facts } = await this.groups.findReadable(actor, Array.isArray(ref) ? ref.join('/') : String(ref));
    if (!canGroup(actor, 'upload_group_file', facts)) throw new AppError('FORBIDDEN');
    req.uploadGroup = group;
    return true;
  }
}

/**
 * Attachments of a group's epics (comments, replies, descriptions): GitLab's group uploads,
 * `POST /groups/<path>/-/uploads` (the epic page's comment boxes, epicNoteablePaths().uploads)
 * and `POST /api/v4/groups/:id/uploads`, served at `/groups/<path>/-/uploads/<secret>/<file>`
 * to readers of the group only. Stored under UPLOADS_DIR/groups/<group id>.
 * Registered before UploadController, whose `*project/uploads` would match these paths.
 */
@Controller()
export class GroupUploadController {
  private readonly storage: UploadStorage;

  constructor(
    private readonly groups: GroupService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.storage = new UploadStorage(path.join(config.uploadsDir, 'groups'));
  }

  /** Policy: upload_group_file (signed in, may read the group; GroupUploadAllowedGuard). */
  @Post('groups/*group/-/uploads')
  @HttpCode(200)
  @UseGuards(GroupUploadAllowedGuard)
  @UseFilters(UploadTooLargeFilter)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: DISCUSSION_LIMITS.uploadMaxBytes, files: 1 } }))
  upload(@Req() req: GroupUploadRequest, @UploadedFile() file: Express.Multer.File | undefined): Promise<UploadResponse> {
    return this.store(req, file);
  }

  /** Policy: upload_group_file (GroupUploadAllowedGuard). GitLab's REST group upload; 201 as its project uploads. */
  @Post('api/v4/groups/:id/uploads')
  @HttpCode(201)
  @UseGuards(GroupUploadAllowedGuard)
  @UseFilters(UploadTooLargeFilter)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: DISCUSSION_LIMITS.uploadMaxBytes, files: 1 } }))
  uploadRest(@Req() req: GroupUploadRequest, @UploadedFile() file: Express.Multer.File | undefined): Promise<UploadResponse> {
    return this.store(req, file);
  }

  /** Policy: read_group (anyone else gets 404, as if there were no file). */
  @Get('groups/*group/-/uploads/:secret/:filename')
  async download(
    @CurrentActor() actor: Actor | null,
    @Param('group') groupPath: string[],
    @Param('secret') secret: string,
    @Param('filename') filename: string,
    @Res() res: Response,
  ): Promise<void> {
    const { group } = await this.groups.findReadable(actor, groupPath.join('/')).catch(() => {
      throw new AppError('NOT_FOUND');
    });
    const file = await this.storage.find(group.id, secret, filename);
    if (!file) throw new AppError('NOT_FOUND');
    sendStoredFile(res, file, filename);
  }

  private async store(req: GroupUploadRequest, file: Express.Multer.File | undefined): Promise<UploadResponse> {
    const group = req.uploadGroup!;
    if (!file) throw new ValidationError({ file: [UPLOAD_TEXTS.missing] });
    // multer reads the name as latin1; browsers send UTF-8
    const original = Buffer.from(file.originalname, 'latin1').toString('utf8');
    const { secret, filename } = await this.storage.save(group.id, original, await preparedUpload(original, file.buffer));
    return uploadAnswer(`/groups/${group.fullPath}/-/uploads/${secret}/${filename}`, filename);
  }
}
