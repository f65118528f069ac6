import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Content types served inline: raster images only. Everything else is a download (never HTML or SVG inline). */
const INLINE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

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

/** Attachments on disk: `<uploads dir>/<project id>/<32 hex secret>/<sanitised file name>`. */
export class UploadStorage {
  constructor(private readonly root: string) {}

  async save(projectId: number, originalName: string, data: Buffer): Promise<{ secret: string; filename: string }> {
    const secret = randomBytes(16).toString('hex');
    const filename = sanitiseFilename(originalName);
    const dir = path.join(this.root, String(projectId), secret);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, filename), data, { flag: 'wx' });
    return { secret, filename };
  }

  /** The stored file's path, or null when the name is not one this storage could have written or nothing is there. */
  async find(projectId: number, secret: string, filename: string): Promise<string | null> {
    if (!SECRET_RE.test(secret) || sanitiseFilename(filename) !== filename) return null;
    const file = path.join(this.root, String(projectId), secret, filename);
    try {
      return (await fs.stat(file)).isFile() ? file : null;
    } catch {
      return null;
    }
  }
}
