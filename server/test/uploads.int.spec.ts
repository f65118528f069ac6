import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TEXTS } from '@tandem/shared-types';
import { authHeaders, bootApp, castOf, DB_MODES, enc, type Auth, type Cast, type TestApp } from './harness';

/**
 * Attachments as a GitLab client and a browser find them: the REST `POST /api/v4/projects/:id/uploads`,
 * images stored without EXIF/GPS, the type read from the bytes, files served with Range, ETag
 * and 304, and SVG/HTML never able to run script in Tandem's origin.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

/** A 16x16 image of `format` carrying EXIF with a GPS position and a camera make. */
async function photo(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
    .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'Leaky' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 7/1' } })
    .toFormat(format)
    .toBuffer();
}

describe.each(DB_MODES)('uploads on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let projectId = 0;

  const post = async (auth: Auth, route: string, name: string, data: Uint8Array | string) => {
    const form = new FormData();
    form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
    const res = await fetch(`${app.url}${route}`, { method: 'POST', headers: authHeaders(auth), body: form });
    return { status: res.status, body: (await res.json()) as { alt: string; url: string; full_path?: string; markdown: string; message?: unknown } };
  };
  const rest = (auth: Auth, name: string, data: Uint8Array | string, project: string | number = projectId) => post(auth, `/api/v4/projects/${enc(String(project))}/uploads`, name, data);

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    projectId = Number(((await app.ds.query(`SELECT id FROM projects WHERE full_path = $1`, [PUBLIC])) as Array<{ id: number }>)[0]!.id);
  });
  afterAll(async () => app?.close());

  it('POST /api/v4/projects/:id/uploads answers 201 as GitLab (by id or path), and the file is served', async () => {
    const png = await photo('png');
    const res = await rest(who.dave, 'chart.png', png);
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`^/${PUBLIC}/uploads/[0-9a-f]{32}/chart\\.png$`));
    expect(res.body).toMatchObject({ alt: 'chart', full_path: res.body.url, markdown: `![chart](${res.body.url})` });
    const got = await fetch(`${app.url}${res.body.url}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).width).toBe(16);
    expect((await rest(who.dave, 'by-path.txt', 'hello', PUBLIC)).status).toBe(201);
    // permissions as the page route: anonymous 401, a private project is not found for outsiders
    expect((await rest(who.anonymous, 'a.txt', 'a')).status).toBe(401);
    expect((await rest(who.erin, 'a.txt', 'a', PRIVATE)).status).toBe(404);
  });

  it.each(['jpeg', 'png', 'webp'] as const)('removes EXIF and the GPS position from a %s image', async (format) => {
    const original = await photo(format);
    expect((await sharp(original).metadata()).exif?.length).toBeGreaterThan(0);
    const res = await rest(who.bob, `holiday.${format === 'jpeg' ? 'jpg' : format}`, original);
    expect(res.status).toBe(201);
    const stored = Buffer.from(await (await fetch(`${app.url}${res.body.url}`)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe(format);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneCam'))).toBe(false);
  });

  it('takes the type from the bytes: an image name on other content is a 400 naming the file', async () => {
    const html = await rest(who.bob, 'innocent.png', '<html><script>alert(1)</script></html>');
    expect(html.status).toBe(400);
    expect(html.body.message).toEqual({ file: [UPLOAD_TEXTS.typeMismatch('.png')] });
    const jpegAsPng = await post(who.bob, `/${PUBLIC}/uploads`, 'photo.png', await photo('jpeg'));
    expect(jpegAsPng.status).toBe(400);
    expect(jpegAsPng.body.message).toEqual({ file: [UPLOAD_TEXTS.typeMismatch('.png')] });
  });

  it('serves with Range, ETag and 304', async () => {
    const res = await rest(who.bob, 'notes.txt', 'abcdefghijklmnopqrstuvwxyz');
    const url = `${app.url}${res.body.url}`;
    const full = await fetch(url);
    const etag = full.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    const part = await fetch(url, { headers: { Range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/26');
    expect(await part.text()).toBe('cdef');
    // (fetch would add Cache-Control: no-cache to a conditional request; a browser revalidating sends max-age=0)
    const again = await fetch(url, { headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves SVG and HTML as sandboxed downloads that cannot run script in this origin', async () => {
    for (const [name, body] of [
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['page.html', '<script>alert(document.cookie)</script>'],
    ] as const) {
      const res = await rest(who.bob, name, body);
      expect(res.status).toBe(201);
      expect(res.body.markdown).toBe(`[${name}](${res.body.url})`);
      const got = await fetch(`${app.url}${res.body.url}`);
      expect(got.headers.get('content-type')).toBe('application/octet-stream');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(got.headers.get('content-security-policy')).toContain('sandbox');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
