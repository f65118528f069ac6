import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, type TestApp } from './harness';

describe('static files next to the page shell', () => {
  let app: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-dist-'));

  beforeAll(async () => {
    // The client is not built yet when the server starts (as with a server started before `vite build`)
    app = await bootApp('pglite', { CLIENT_DIST: dist });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves /favicon.svg and /assets once the client is built, without a restart', async () => {
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    const icon = await call(app, 'GET', '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.text).toContain('<svg');
    const js = await call(app, 'GET', '/assets/app-1.js');
    expect(js.status).toBe(200);
    expect(js.text).toBe('console.log(1)');
  });
});
