import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'express';
import type { UploadResponse } from '@tandem/shared-types';
import { INLINE_TYPES } from './upload-content';


export const SECRET_RE = /^[0-9a-f]{32}$/;

/** A file name safe in a path and a URL: letters, digits, dot, dash, underscore; no leading dot; at most 100 characters. */
export function sanitiseFilename(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  const ext = path.extname(base).toLowerCase().replace(/[^a-z0-9.]/g, '').slice(0, 10);
  const stem = base
    .slice(0, base.length - path.extname(base).length)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100 - ext.length);
  return `${stem || 'file'}${ext}`;
}

/** How a stored file is served: inline for the allow-listed images, an attachment for everything else. */
export function servedAs(filename: string): { contentType: string; inline: boolean } {
  const type = INLINE_TYPES[path.extname(filename).toLowerCase()];
  return type ? { contentType: type, inline: true } : { contentType: 'application/octet-stream', inline: false };
}

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

/** The upload answer for a stored file at `url`: its alt text and the markdown a comment box inserts (an image embeds). */
export function uploadAnswer(url: string, filename: string): UploadResponse {
  const alt = filename.replace(/\.[^.]*$/, '') || filename;
  return { alt, url, markdown: IMAGE.test(filename) ? `![${alt}](${url})` : `[${filename}](${url})` };
}

/**
 * Sends a stored file with Express's res.sendFile (the `send` module: Range, ETag, Last-Modified,
 * 304): allow-listed images inline, anything else (HTML, SVG, ...) as a download of
 * application/octet-stream; never sniffed, and sandboxed with no script by its CSP.
 */
export function sendStoredFile(res: Response, file: string, filename: string, disposition?: 'inline'): void {
  const { contentType, inline } = servedAs(filename);
  res.sendFile(file, {
    dotfiles: 'deny',
    cacheControl: false,
    headers: {
      'Content-Type': contentType,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, max-age=3600',
      'Content-Disposition': `${disposition ?? (inline ? 'inline' : 'attachment')}; filename="${filename}"`,
    },
  });
}

/** Attachments on disk: `<root>/<owner id>/<32 hex secret>/<sanitised file name>` (the owner: a project, or a group under its own root). */
export class UploadStorage {
  constructor(private readonly root: string) {}

  async save(ownerId: number, originalName: string, data: Buffer): Promise<{ secret: string; filename: string }> {
    const secret = randomBytes(16).toString('hex');
    const filename = sanitiseFilename(originalName);
    const dir = path.join(this.root, String(ownerId), secret);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, filename), data, { flag: 'wx' });
    return { secret, filename };
  }

  /** The stored file's path, or null when the name is not one this storage could have written or nothing is there. */
  async find(ownerId: number, secret: string, filename: string): Promise<string | null> {
    if (!SECRET_RE.test(secret) || sanitiseFilename(filename) !== filename) return null;
    const file = path.join(this.root, String(ownerId), secret, filename);
    try {
      return (await fs.stat(file)).isFile() ? file : null;
    } catch {
      return null;
    }
  }
}
