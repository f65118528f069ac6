import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/core/config/config';
import { bootApp, type TestApp } from './harness';

/**
 * The node listens with LISTEN_BACKLOG (issue #27, goal 3): after a restart thousands of sockets
 * connect at once, and with Node's default of 511 the kernel drops the rest, which TCP retries
 * only 1, 2, 4, 8 s later (docs/benchmarks.md, "Where a restart's catch-up time goes").
 */
describe('listen backlog', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await bootApp('pglite', { LISTEN_BACKLOG: '1234' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('is the listening socket\'s queue as the kernel reports it', () => {
    const port = new URL(app.url).port;
    // ss prints a listener's accept-queue limit as Send-Q: "LISTEN 0 1234 127.0.0.1:port ..."
    const line = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' }).trim();
    expect(line.split(/\s+/).slice(0, 3)).toEqual(['LISTEN', expect.stringMatching(/^\d+$/), '1234']);
  });

  it('defaults to 8192 and refuses a value that is not a positive whole number, naming it', () => {
    expect(loadConfig({}).LISTEN_BACKLOG).toBe(8192);
    expect(() => loadConfig({ LISTEN_BACKLOG: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ LISTEN_BACKLOG: 'lots' })).toThrow(/LISTEN_BACKLOG/);
  });
});
