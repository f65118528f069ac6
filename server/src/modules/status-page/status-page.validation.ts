import { z } from 'zod';
import { STATUS_PAGE_TEXTS, VALIDATION } from '@tandem/shared-types';
import { parseInput } from '../../core/http/zod-input';

const url = z
  .string({ invalid_type_error: VALIDATION.notString })
  .trim()
  .max(255, VALIDATION.tooLong(255))
  .refine((s) => {
    if (s === '') return true;
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, STATUS_PAGE_TEXTS.badUrl);

const settings = z
  .object({
    enabled: z.boolean({ invalid_type_error: VALIDATION.invalid }).optional(),
    status_page_url: z.union([z.null(), url]).optional(),
  })
  .strict();

export interface StatusPageSettingsInput {
  enabled?: boolean;
  /** null (or empty): Tandem's own page. */
  statusPageUrl?: string | null;
}

/** PUT status_page_settings: {enabled?: boolean, status_page_url?: http(s) URL, or null/'' for Tandem's own page}. */
export function parseStatusPageSettings(body: unknown): StatusPageSettingsInput {
  const b = parseInput(settings, body);
  const out: StatusPageSettingsInput = {};
  if (b.enabled !== undefined) out.enabled = b.enabled;
  if (b.status_page_url !== undefined) out.statusPageUrl = b.status_page_url === null || b.status_page_url === '' ? null : b.status_page_url.replace(/\/+$/, '');
  return out;
}
