import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { VALIDATION } from '@tandem/shared-types';
import { ValidationError } from '../errors/app-error';

/** Deeper input than this is refused rather than walked (no JSON body of ours nests this far). */
const MAX_DEPTH = 32;

/**
 * Refuses, for every route, input that no column can store: a NUL character (U+0000) in a
 * string or key of the body, the query or the path. Postgres text cannot hold it, so without
 * this check such input would surface as a database error (500) instead of a 400 that names
 * the field.
 */
@Injectable()
export class InputGuardMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    // originalUrl: Nest mounts route middleware, so req.path may be relative to the mount point
    guardInput(req.originalUrl || req.url, req.query, req.body);
    next();
  }
}

/** The check above for a request handled ahead of Express (core/http/fast-route.ts): throws the same 400s. */
export function guardInput(url: string, query: unknown, body: unknown): void {
  let path: string;
  try {
    path = decodeURIComponent(url.split('?')[0]!);
  } catch {
    throw new ValidationError({ path: [VALIDATION.invalid] });
  }
  if (path.includes('\u0000')) throw new ValidationError({ path: [VALIDATION.nulCharacter] });
  const bad = findNul(query, '', 0) ?? findNul(body, '', 0);
  if (bad !== null) throw new ValidationError({ [bad || 'body']: [bad === TOO_DEEP ? VALIDATION.tooDeep : VALIDATION.nulCharacter] });
}

const TOO_DEEP = '\u0000depth';

/** The dotted name of the first field holding a NUL character, or null. */
function findNul(v: unknown, at: string, depth: number): string | null {
  if (typeof v === 'string') return v.includes('\u0000') ? at : null;
  if (v === null || typeof v !== 'object') return null;
  if (depth > MAX_DEPTH) return TOO_DEEP;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const name = at ? `${at}.${k}` : k;
    if (k.includes('\u0000')) return name;
    const found = findNul(x, name, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
