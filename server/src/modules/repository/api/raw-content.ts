import path from 'node:path';
import type { Response } from 'express';

/** Images a browser may show inline from a repository (never SVG: it can carry script). */
const INLINE_IMAGES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
};

/** Files whose bytes would be markup a browser runs: always a download, sandboxed. */
const ACTIVE = new Set(['.svg', '.svgz', '.html', '.htm', '.xhtml', '.xml', '.xht', '.mht', '.mhtml']);

/** git's own rule: a NUL in the first 8000 bytes makes it binary. */
export const isBinary = (content: Buffer): boolean => content.subarray(0, 8000).includes(0);

/**
 * How repository bytes are served (raw files of the API and the page's `-/raw/` route):
 * allow-listed images inline; HTML, SVG and XML as attachments; other text as text/plain
 * inline; other binaries as application/octet-stream downloads. Always `nosniff` and a
 * `sandbox` CSP, so nothing served from a repository runs script on Tandem's origin.
 */
export function rawContentHeaders(filename: string, content: Buffer): Record<string, string> {
  const ext = path.extname(filename).toLowerCase();
  const safeName = filename.replace(/["\\\r\n]/g, '_');
  const disposition = (kind: 'inline' | 'attachment') => `${kind}; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
  const base = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox", 'Cache-Control': 'private, max-age=60' };
  const image = INLINE_IMAGES[ext];
  if (image) return { ...base, 'Content-Type': image, 'Content-Disposition': disposition('inline') };
  if (ACTIVE.has(ext)) return { ...base, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': disposition('attachment') };
  if (isBinary(content)) return { ...base, 'Content-Type': 'application/octet-stream', 'Content-Disposition': disposition('attachment') };
  return { ...base, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': disposition('inline') };
}

export function sendBlob(res: Response, filename: string, content: Buffer): void {
  res.set(rawContentHeaders(filename, content));
  res.status(200).end(content);
}
