/// <reference types="multer" />
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, PayloadTooLargeException, Post, Put, Res, UploadedFile, UseFilters, UseInterceptors, type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { METRIC_IMAGE_LIMITS, METRIC_IMAGE_TEXTS, type ApiMetricImage } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader, type LoadedIssue } from '../issue/issue.loader';
import { sendStoredFile } from '../upload/upload-storage';
import { DestroyMetricImageAction } from './actions/destroy-metric-image';
import { UpdateMetricImageAction } from './actions/update-metric-image';
import { UploadMetricImageAction } from './actions/upload-metric-image';
import { issuePathOf } from './metric-image-event';
import { MetricImageStorage } from './metric-image-storage';
import { metricImage, metricImagesOf, toApiMetricImage } from './metric-image.store';
import { parseMetricImageLink } from './metric-image.validation';

/** A file over 1 MB: 400 naming the file (multer stops reading at the limit). */
@Catch(PayloadTooLargeException)
export class MetricImageTooLargeFilter implements ExceptionFilter {
  catch(_e: PayloadTooLargeException, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(400).json({ message: { file: [METRIC_IMAGE_TEXTS.tooLarge(METRIC_IMAGE_LIMITS.maxBytes)] } });
  }
}

const imageId = (v: string) => {
  if (!/^\d{1,9}$/.test(v)) throw new AppError('METRIC_IMAGE_NOT_FOUND');
  return Number(v);
};

/**
 * Incident metric images, GitLab's REST (`/projects/:id/issues/:iid/metric_images`), and their
 * files under the issue's page path. All 404 while METRIC_IMAGES is off.
 */
@Controller()
export class MetricImageController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: IssueLoader,
    private readonly storage: MetricImageStorage,
    private readonly upload: UploadMetricImageAction,
    private readonly update: UpdateMetricImageAction,
    private readonly destroy: DestroyMetricImageAction,
  ) {}

  /** Policy: read_issue. */
  @Get('api/v4/projects/:id/issues/:iid/metric_images')
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string): Promise<ApiMetricImage[]> {
    const ctx = await this.issue(actor, id, iid);
    return (await metricImagesOf(this.ds, ctx.issue.id)).map((r) => toApiMetricImage(r, issuePathOf(ctx)));
  }

  /** Policy: update_issue (UploadMetricImageAction); multipart `file`, optional `url` and `url_text`. */
  @Post('api/v4/projects/:id/issues/:iid/metric_images')
  @HttpCode(201)
  @UseFilters(MetricImageTooLargeFilter)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: METRIC_IMAGE_LIMITS.maxBytes, files: 1 } }))
  async create(
    @CurrentActor() actor: Actor | null,
    @Param('id') id: string,
    @Param('iid') iid: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body() body: Record<string, unknown>,
  ): Promise<ApiMetricImage> {
    const ctx = await this.issue(actor, id, iid);
    const link = parseMetricImageLink(body ?? {});
    // multer reads the name as latin1; browsers send UTF-8
    const named = file ? { name: Buffer.from(file.originalname, 'latin1').toString('utf8'), data: file.buffer } : null;
    return this.upload.execute(actor, ctx, named, link);
  }

  /** Policy: update_issue (UpdateMetricImageAction); `url`, `url_text`. */
  @Put('api/v4/projects/:id/issues/:iid/metric_images/:imageId')
  async edit(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('imageId') image: string, @Body() body: Record<string, unknown>): Promise<ApiMetricImage> {
    const ctx = await this.issue(actor, id, iid);
    return this.update.execute(actor, ctx, imageId(image), parseMetricImageLink(body ?? {}));
  }

  /** Policy: update_issue (DestroyMetricImageAction). */
  @Delete('api/v4/projects/:id/issues/:iid/metric_images/:imageId')
  @HttpCode(204)
  async remove(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('imageId') image: string): Promise<void> {
    const ctx = await this.issue(actor, id, iid);
    await this.destroy.execute(actor, ctx, imageId(image));
  }

  /** Policy: read_issue (anyone else gets 404). */
  @Get('*project/-/issues/:iid/metric_images/:imageId/:filename')
  async file(
    @CurrentActor() actor: Actor | null,
    @Param('project') project: string[],
    @Param('iid') iid: string,
    @Param('imageId') image: string,
    @Param('filename') filename: string,
    @Res() res: Response,
  ): Promise<void> {
    const ctx = await this.issue(actor, project.join('/'), iid);
    const row = await metricImage(this.ds, ctx.issue.id, imageId(image));
    const file = row && row.fileName === filename ? await this.storage.find(ctx.project.id, row.fileSecret, row.fileName) : null;
    if (!file) throw new AppError('METRIC_IMAGE_NOT_FOUND');
    sendStoredFile(res, file, row!.fileName, 'inline');
  }

  private async issue(actor: Actor | null, project: string, iid: string): Promise<LoadedIssue> {
    if (!this.config.METRIC_IMAGES) throw new AppError('NOT_FOUND');
    return this.loader.findReadable(actor, project, iid);
  }
}
