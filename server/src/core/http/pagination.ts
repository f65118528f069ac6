import type { Request, Response } from 'express';
import { pageParamsSchema } from './pagination.schema';
import { parseInput } from './zod-input';

export interface PageParams {
  page: number;
  perPage: number;
}

/** page (default 1) and per_page (default 20, max 100), as GitLab's offset pagination. */
export function pageParams(query: Record<string, unknown>): PageParams {
  return parseInput(pageParamsSchema, query);
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
