import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { GRAPHQL_LIMITS } from './query-limits';

/** A batched (array) GraphQL request may carry at most GRAPHQL_LIMITS.batch operations. */
@Injectable()
export class GraphqlBatchLimitMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    const body: unknown = req.body;
    if (Array.isArray(body) && body.length > GRAPHQL_LIMITS.batch) {
      res.status(400).json({ errors: [{ message: `Batch has ${body.length} operations, which exceeds max batch size of ${GRAPHQL_LIMITS.batch}`, extensions: { code: 'BAD_REQUEST' } }] });
      return;
    }
    next();
  }
}
