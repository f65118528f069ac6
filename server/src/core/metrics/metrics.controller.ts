import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AppError } from '../errors/app-error';
import { metricsAllowList } from './metrics-access';
import { metricsRegistry } from './metrics';

/** Policy: public to the monitoring allow-list only (METRICS_ALLOWED_IPS); 404 to anyone else, as GitLab. */
@Controller()
export class MetricsController {
  private readonly allowed: (ip: string | undefined) => boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.allowed = metricsAllowList(config.METRICS_ALLOWED_IPS);
  }

  @Get('-/metrics')
  async metrics(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.allowed(req.ip ?? req.socket.remoteAddress)) throw new AppError('NOT_FOUND');
    res.setHeader('Content-Type', metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  }
}
