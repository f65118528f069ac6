import type { Request, Response } from 'express';
import { LIMITS } from '@tandem/shared-types';
import { ValidationError } from '../errors/app-error';

export interface PageParams {
  page: number;
  perPage: number;
}

/** page (default 1) and per_page (default 20, max 100), as GitLab's offset pagination. */
export function pageParams(query: Record<string, unknown>): PageParams {
  const errors: Record<string, string[]> = {};
  const int = (name: string, def: number) => {
    const v = query[name];
    if (v === undefined || v === '') return def;
    if (typeof v !== 'string' || !/^\d+$/.test(v) || Number(v) < 1) {
      errors[name] = ['must be a positive integer'];
      return def;
    }
    return Number(v);
  };
  const page = int('page', 1);
  const perPage = Math.min(int('per_page', LIMITS.perPageDefault), LIMITS.perPageMax);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { page, perPage };
}

/** X-Total, X-Total-Pages, X-Page, X-Per-Page, X-Next-Page, X-Prev-Page and Link headers. */
export function setPaginationHeaders(req: Request, res: Response, baseUrl: string, p: PageParams, total: number): void {
  const totalPages = Math.max(1, Math.ceil(total / p.perPage));
  const next = p.page < totalPages ? p.page + 1 : null;
  const prev = p.page > 1 ? Math.min(p.page - 1, totalPages) : null;
  res.setHeader('X-Total', String(total));
  res.setHeader('X-Total-Pages', String(totalPages));
  res.setHeader('X-Page', String(p.page));
  res.setHeader('X-Per-Page', String(p.perPage));
  res.setHeader('X-Next-Page', next ? String(next) : '');
  res.setHeader('X-Prev-Page', prev ? String(prev) : '');
  const url = new URL(req.originalUrl, baseUrl);
  const link = (page: number, rel: string) => {
    url.searchParams.set('page', String(page));
    url.searchParams.set('per_page', String(p.perPage));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (prev) links.push(link(prev, 'prev'));
  if (next) links.push(link(next, 'next'));
  links.push(link(1, 'first'), link(totalPages, 'last'));
  res.setHeader('Link', links.join(', '));
}
