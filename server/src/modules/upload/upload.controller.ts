/// <reference types="multer" />
import {
  type ArgumentsHost,
  Catch,
  type CanActivate,
  Controller,
  type ExceptionFilter,
  type ExecutionContext,
  Get,
  HttpCode,
  Inject,
  Injectable,
  Param,
  PayloadTooLargeException,
  Post,
  Req,
  Res,
  UploadedFile,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { DISCUSSION_LIMITS, UPLOAD_TEXTS, type UploadResponse } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { authOf } from '../../core/http/request-context';
import { canProject, type Actor } from '../../core/policy/policy';
import type { Project } from '../project/project.entity';
import { ProjectService } from '../project/project.service';
import { preparedUpload } from './upload-content';
import { sendStoredFile, uploadAnswer, UploadStorage } from './upload-storage';

/** The project an upload goes to, found and authorised before the body is read. */
type UploadRequest = Request & { uploadProject?: Project };

/** upload_file on the project in the path, checked before multer reads a byte of the file. */
@Injectable()
export class UploadAllowedGuard implements CanActivate {
  constructor(private readonly projects: ProjectService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<UploadRequest>();
    const actor = authOf(req).actor;
    if (!actor) throw new AppError('UNAUTHORIZED');
    const params = req.params as Record<string, string | string[]>;
    // the page route's project path, or the REST route's id (number or URL-encoded path)
    const ref = params.project ?? params.id;
    const { project, facts } = await this.projects.findReadable(actor, Array.isArray(ref) ? ref.join('/') : String(ref));
    if (!canProject(actor, 'upload_file', facts)) throw new AppError('FORBIDDEN');
    req.uploadProject = project;
    return true;
  }
}

/** A file over the limit: 413 with the limit in the message. */
@Catch(PayloadTooLargeException)
export class UploadTooLargeFilter implements ExceptionFilter {
  catch(_e: PayloadTooLargeException, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(413).json({ message: UPLOAD_TEXTS.tooLarge(DISCUSSION_LIMITS.uploadMaxBytes) });
  }
}

/** Attachments of comments and descriptions (noteablePaths().uploads), stored under UPLOADS_DIR. */
@Controller()
export class UploadController {
  private readonly storage: UploadStorage;

  constructor(
    private readonly projects: ProjectService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.storage = new UploadStorage(config.uploadsDir);
  }

  /**
   * Policy: upload_file (UploadAllowedGuard). GitLab's REST `POST /projects/:id/uploads` (201, the
   * answer with `full_path`); declared before the page route, whose `*project/uploads` matches it too.
   */
  @Post('api/v4/projects/:id/uploads')
  @HttpCode(201)
  @UseGuards(UploadAllowedGuard)
  @UseFilters(UploadTooLargeFilter)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: DISCUSSION_LIMITS.uploadMaxBytes, files: 1 } }))
  async uploadRest(@Req() req: UploadRequest, @UploadedFile() file: Express.Multer.File | undefined): Promise<UploadResponse & { full_path: string }> {
    const answer = await this.store(req, file);
    return { ...answer, full_path: answer.url };
  }

  /** Policy: upload_file (signed in, may read the project, not archived; UploadAllowedGuard). */
  @Post('*project/uploads')
  @HttpCode(200)
  @UseGuards(UploadAllowedGuard)
  @UseFilters(UploadTooLargeFilter)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: DISCUSSION_LIMITS.uploadMaxBytes, files: 1 } }))
  upload(@Req() req: UploadRequest, @UploadedFile() file: Express.Multer.File | undefined): Promise<UploadResponse> {
    return this.store(req, file);
  }

  /** Policy: read_project (anyone else gets 404, as if there were no file). */
  @Get('*project/uploads/:secret/:filename')
  async download(
    @CurrentActor() actor: Actor | null,
    @Param('project') path: string[],
    @Param('secret') secret: string,
    @Param('filename') filename: string,
    @Res() res: Response,
  ): Promise<void> {
    const { project } = await this.projects.findReadable(actor, path.join('/')).catch(() => {
      throw new AppError('NOT_FOUND');
    });
    const file = await this.storage.find(project.id, secret, filename);
    if (!file) throw new AppError('NOT_FOUND');
    sendStoredFile(res, file, filename);
  }

  private async store(req: UploadRequest, file: Express.Multer.File | undefined): Promise<UploadResponse> {
    const project = req.uploadProject!;
    if (!file) throw new ValidationError({ file: [UPLOAD_TEXTS.missing] });
    // multer reads the name as latin1; browsers send UTF-8
    const original = Buffer.from(file.originalname, 'latin1').toString('utf8');
    const { secret, filename } = await this.storage.save(project.id, original, await preparedUpload(original, file.buffer));
    return uploadAnswer(`/${project.fullPath}/uploads/${secret}/${filename}`, filename);
  }
}
