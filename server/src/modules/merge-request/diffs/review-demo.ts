import { deflateSync } from 'node:zlib';
import type { FileAction } from '../../repository';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A solid-colour RGB PNG (demo images for the image diff viewers). */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';

/** The review demo's two commits: a base with every kind of file, then a change of each kind. */
export const REVIEW_DEMO = {
  branch: 'refresh-banner',
  title: 'Refresh the banner and tidy the tools',
  base: (): FileAction[] => [
    { action: 'create', path: 'assets/banner.png', content: solidPng(60, 40, [31, 117, 203]) },
    { action: 'create', path: 'tools/build.sh', content: Buffer.from('#!/bin/sh\nnpm run build\n') },
    { action: 'create', path: 'docs/old-name.md', content: Buffer.from('# Notes\n\nKept as they are.\n') },
    { action: 'create', path: 'src/search.ts', content: Buffer.from(lines(30, (i) => `export const step${i} = (x: number) => x + ${i};`)) },
    { action: 'create', path: 'data/blob.bin', content: Buffer.from([0, 1, 2, 3, 0, 255, 254]) },
    { action: 'create', path: 'docs/obsolete.md', content: Buffer.from('Obsolete.\n') },
  ],
  change: (): FileAction[] => [
    { action: 'update', path: 'assets/banner.png', content: solidPng(80, 50, [252, 109, 38]) },
    { action: 'update', path: 'tools/build.sh', content: Buffer.from('#!/bin/sh\nnpm run build\n'), executable: true },
    { action: 'move', previousPath: 'docs/old-name.md', path: 'docs/new-name.md' },
    { action: 'update', path: 'src/search.ts', content: Buffer.from(lines(30, (i) => (i === 12 ? `export const step${i} = (x: number) => x * ${i}; // <b>not bold</b>` : `export const step${i} = (x: number) => x + ${i};`))) },
    { action: 'update', path: 'data/blob.bin', content: Buffer.from([0, 1, 2, 3, 0, 255, 253, 7]) },
    { action: 'delete', path: 'docs/obsolete.md' },
    { action: 'create', path: 'src/big.txt', content: Buffer.from(lines(600, (i) => `line ${i}`)) },
  ],
};
