import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ERRORS } from '@tandem/shared-types';
import { AppError } from './app-error';

/**
 * One filter for every REST error: catalogue codes become {"message": ...} with their status;
 * body-parser and Nest errors keep their 4xx; anything else is a 500 without a stack trace.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(err: unknown, host: ArgumentsHost): void {
    if (host.getType<string>() === 'graphql') throw err;
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request>();
    if (res.headersSent) return;
    const { status, body } = toHttp(err);
    if (status >= 500) this.logger.error({ err, path: req.path }, 'request failed');
    if (err instanceof AppError && err.headers) res.set(err.headers());
    res.status(status).json(body);
  }
}

export function toHttp(err: unknown): { status: number; body: unknown } {
  if (err instanceof AppError) return { status: err.status, body: err.responseBody?.() ?? { message: err.body ?? ERRORS[err.code].message } };
  if (err instanceof HttpException) {
    const status = err.getStatus();
    if (status === 404) return { status, body: { message: ERRORS.NOT_FOUND.message } };
    const r = err.getResponse();
    const message = typeof r === 'string' ? r : ((r as { message?: unknown }).message ?? err.message);
    return { status, body: { message } };
  }
  const e = err as { type?: string; status?: number; statusCode?: number; message?: string };
  // body-parser errors (malformed JSON, too large) carry a 4xx status and a type
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return { status, body: { message: ERRORS.PAYLOAD_TOO_LARGE.message } };
    if (e.type === 'entity.parse.failed') return { status: 400, body: { message: '400 Bad request - body is not valid JSON' } };
    return { status, body: { message: e.message ?? ERRORS.BAD_REQUEST.message } };
  }
  return { status: 500, body: { message: ERRORS.INTERNAL.message } };
}
