import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMOJI_IMAGES, emojiImageName } from '@tandem/shared-types';
import { bootApp, call, DB_MODES, type TestApp } from './harness';

/**
 * The emoji images a browser without an emoji font falls back to (GitLab's image fallback):
 * Twemoji's SVGs served by Tandem itself, for every emoji the awards bar shows at once.
 */
/** The emoji the awards bar paints before the emoji data loads (the client's COMMON_EMOJI). */
const COMMON = ['👍', '👎', '😄', '😆', '🎉', '❤️', '🚀', '👀', '😕', '💯', '🔥', '👏', '✅', '🤔', '💬'];

describe.each(DB_MODES)('emoji images on %s', (mode) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await bootApp(mode);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves the Twemoji SVG of every common award emoji, cached for long', async () => {
    for (const unicode of COMMON) {
      const res = await call(app, 'GET', `${EMOJI_IMAGES.path}/${emojiImageName(unicode)}`, { headers: { accept: 'image/*' } });
      expect(res.status, unicode).toBe(200);
      expect(res.headers.get('content-type'), unicode).toContain('image/svg+xml');
      expect(res.text, unicode).toContain('<svg');
      expect(res.headers.get('cache-control'), unicode).toContain('immutable');
      expect(res.headers.get('content-security-policy'), unicode).toContain('sandbox');
    }
  });

  it('only emoji SVGs: an unknown name, the package\'s other files or a path out of the folder is a 404 that reads nothing', async () => {
    for (const p of ['/nope.svg', '/package.json', '/license', '/..%2Fpackage.json', '/%2e%2e%2f%2e%2e%2fpackage.json', '/..%2F..%2F..%2Fpackage.json']) {
      const res = await call(app, 'GET', `${EMOJI_IMAGES.path}${p}`);
      expect(res.status, p).toBe(404);
      expect(res.text, p).not.toContain('"name"');
    }
  });
});
