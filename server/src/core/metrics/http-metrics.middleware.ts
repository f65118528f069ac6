import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { observeHttpRequest } from './metrics';

/**
 * Counts every request Express answers, by its matched route (`/api/v4/projects/:id`, never the
 * raw URL, so the label set stays small). Polls answered 304 ahead of Express are not seen here.
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path;
      observeHttpRequest(req.method, typeof route === 'string' ? route : 'unmatched', res.statusCode, Number(process.hrtime.bigint() - start) / 1e9);
    });
    next();
  }
}
