import { REALTIME, type PageData } from '@tandem/shared-types';

/** The path the server rendered this document for; PageData.issue belongs to it only. */
export const initialPath = typeof window === 'undefined' ? '/' : window.location.pathname;

/** Reads the JSON the server embedded in the page (a JSON script element, so CSP allows it). */
export function readPageData(doc: Document = document): PageData {
  const el = doc.getElementById('tandem-data');
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? null;
  if (!el?.textContent) return { currentUser: null, csrfToken: meta };
  try {
    const data = JSON.parse(el.textContent) as PageData;
    return { ...data, csrfToken: data.csrfToken ?? meta };
  } catch {
    return { currentUser: null, csrfToken: meta };
  }
}

/**
 * The delay before the first realtime_changes poll, as the page states it (meta tandem-poll),
 * else the shared constant. Only the first request uses it: after that the server's
 * Poll-Interval header decides.
 */
export function initialPollDelayMs(doc: Document = document): number {
  const raw = doc.querySelector<HTMLMetaElement>('meta[name="tandem-poll"]')?.content ?? '';
  const ms = /^\d+$/.test(raw.trim()) ? Number(raw) : 0;
  return ms > 0 ? ms : REALTIME.firstPollDelayMs;
}
