import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_TEXTS } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';

/** Content types served inline: raster images only. Everything else is a download (never HTML or SVG inline). */
export const INLINE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** The type of `data` from its bytes (file-type, an ESM package, loaded once). */
export async function typeFromBytes(data: Uint8Array): Promise<string | undefined> {
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(data))?.mime;
}

/**
 * What is stored for an upload named `name`: a file named as an inline image must hold that
 * image (its type read from the bytes, not the name; anything else is a 400 naming the file), and
 * JPEG, PNG and WebP are re-encoded by sharp without their metadata (EXIF, GPS, XMP, comments;
 * GitLab strips EXIF too), turned upright first by their EXIF orientation. Other files are stored
 * as sent: they are only ever served as downloads (upload-storage.ts servedAs).
 */
export async function preparedUpload(name: string, data: Buffer): Promise<Buffer> {
  const ext = path.extname(name).toLowerCase();
  const claimed = INLINE_TYPES[ext];
  if (!claimed) return data;
  if ((await typeFromBytes(data)) !== claimed) throw new ValidationError({ file: [UPLOAD_TEXTS.typeMismatch(ext)] });
  if (claimed === 'image/gif') return data;
  try {
    const image = sharp(data, { animated: claimed === 'image/webp' }).rotate().keepIccProfile();
    if (claimed === 'image/png') return await image.png().toBuffer();
    if (claimed === 'image/webp') return await image.webp({ quality: 90 }).toBuffer();
    return await image.jpeg({ quality: 92 }).toBuffer();
  } catch {
    throw new ValidationError({ file: [UPLOAD_TEXTS.unreadableImage] });
  }
}
