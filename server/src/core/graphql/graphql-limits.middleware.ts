import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { getOperationAST, GraphQLError, parse } from 'graphql';
import { authOf } from '../http/request-context';
import { GRAPHQL_LIMITS, limitError, queryCost, type QueryCost } from './query-limits';

/** Parsing stops here: a document this long is refused whatever it selects. */
const MAX_TOKENS = 20_000;
const TOO_LONG: QueryCost = { depth: -1, complexity: -1, aliases: -1 };
const CACHE_SIZE = 500;

/**
 * Refuses over-limit GraphQL before Apollo parses, validates or executes anything (validating
 * 2,000 aliases alone takes longer than answering): batch size, then per operation depth,
 * complexity and aliases for the caller (anonymous or signed in). Runs after AuthMiddleware.
 */
@Injectable()
export class GraphqlLimitsMiddleware implements NestMiddleware {
  // Costs of recent documents by text: a repeated query is parsed once here
  private readonly costs = new Map<string, QueryCost | null>();

  use(req: Request, res: Response, next: NextFunction): void {
    const body: unknown = req.method === 'GET' ? req.query : req.body;
    const ops = Array.isArray(body) ? (body as unknown[]) : [body];
    if (ops.length > GRAPHQL_LIMITS.batch) {
      res.status(400).json({ errors: [{ message: `Batch has ${ops.length} operations, which exceeds max batch size of ${GRAPHQL_LIMITS.batch}`, extensions: { code: 'BAD_REQUEST' } }] });
      return;
    }
    const authenticated = authOf(req).actor !== null;
    for (const op of ops) {
      const error = this.check(op, authenticated);
      if (error) {
        // GitLab answers limit errors as a GraphQL result (200 with errors, no data)
        res.status(200).json({ errors: [{ message: error.message, extensions: error.extensions }] });
        return;
      }
    }
    next();
  }

  private check(op: unknown, authenticated: boolean): GraphQLError | null {
    const { query, operationName } = (op ?? {}) as { query?: unknown; operationName?: unknown };
    if (typeof query !== 'string') return null; // Apollo answers malformed requests itself
    const key = `${typeof operationName === 'string' ? operationName : ''}\n${query}`;
    let cost = this.costs.get(key);
    if (cost === undefined) {
      cost = this.measure(query, typeof operationName === 'string' ? operationName : undefined);
      if (this.costs.size >= CACHE_SIZE) this.costs.delete(this.costs.keys().next().value as string);
      this.costs.set(key, cost);
    }
    if (cost === TOO_LONG) return new GraphQLError(`Query has more than ${MAX_TOKENS} tokens, which exceeds max query size`, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    return cost ? limitError(cost, authenticated) : null;
  }

  private measure(query: string, operationName: string | undefined): QueryCost | null {
    try {
      const document = parse(query, { maxTokens: MAX_TOKENS, noLocation: true });
      const operation = getOperationAST(document, operationName);
      return operation ? queryCost(document, operation) : null;
    } catch (e) {
      // other syntax errors are Apollo's to report
      if (e instanceof Error && /more than \d+ tokens/.test(e.message)) return TOO_LONG;
      return null;
    }
  }
}
