import { METRIC_IMAGE_LIMITS as L, METRIC_IMAGE_TEXTS as T, VALIDATION } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';

export interface MetricImageLinkInput {
  url?: string | null;
  urlText?: string | null;
}

const text = (v: unknown) => (v === undefined ? undefined : v === null ? null : typeof v === 'string' ? v.trim() : v);

/** url (http/https, at most 255 characters; empty removes it) and url_text (at most 128). */
export function parseMetricImageLink(body: Record<string, unknown>): MetricImageLinkInput {
  const errors: Record<string, string[]> = {};
  const url = text(body.url);
  const urlText = text(body.url_text);
  const out: MetricImageLinkInput = {};
  if (url !== undefined) {
    if (url !== null && typeof url !== 'string') errors.url = [T.badUrl];
    else if (url) {
      let ok = false;
      try {
        ok = ['http:', 'https:'].includes(new URL(url).protocol);
      } catch {
        ok = false;
      }
      if (!ok) errors.url = [T.badUrl];
      else if (url.length > L.urlMaxLength) errors.url = [VALIDATION.tooLong(L.urlMaxLength)];
    }
    out.url = url ? (url as string) : null;
  }
  if (urlText !== undefined) {
    if (urlText !== null && typeof urlText !== 'string') errors.url_text = ['must be a string'];
    else if (urlText && urlText.length > L.urlTextMaxLength) errors.url_text = [VALIDATION.tooLong(L.urlTextMaxLength)];
    out.urlText = urlText ? (urlText as string) : null;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return out;
}
