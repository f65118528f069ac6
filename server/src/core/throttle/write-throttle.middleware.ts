import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { authOf } from '../http/request-context';
import { ThrottleService } from './throttle.service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Authenticated writes (any non-GET request by a signed-in user or token, GraphQL included)
 * per user, as GitLab's authenticated API limit. Runs after AuthMiddleware; anonymous
 * requests pass (sign-in has its own limits).
 */
@Injectable()
export class WriteThrottleMiddleware implements NestMiddleware {
  constructor(private readonly throttle: ThrottleService) {}

  use(req: Request, _res: Response, next: NextFunction): void {
    const actor = authOf(req).actor;
    if (!actor || READS.has(req.method) || !this.throttle.enabled('api_writes_per_user')) return next();
    this.throttle.consume('api_writes_per_user', actor.id).then(() => next(), next);
  }
}
