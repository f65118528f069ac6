import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSessionOptions } from '../src/core/database/pg-session';
import { IngestDb } from '../src/modules/error-tracking/ingest/ingest-db';
import { bootApp, type TestApp } from './harness';

/**
 * Every connection Tandem opens to a Postgres server runs with JIT off (docs/decisions.md,
 * "Postgres JIT is off"): with it on, a signed-in member's 20-issue list page was compiled by
 * LLVM at each request (1.7 s for a statement that runs in 15 ms).
 */
describe('Postgres session settings', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await bootApp('postgres');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('the application pool runs with jit off', async () => {
    // Several at once: each pooled connection, not only the first, starts with the setting
    const rows = await Promise.all(Array.from({ length: 4 }, () => app.ds.query('SHOW jit') as Promise<Array<{ jit: string }>>));
    expect(rows.map((r) => r[0]!.jit)).toEqual(['off', 'off', 'off', 'off']);
  });

  it('the error-ingest pool runs with jit off', async () => {
    const ingest = app.running.app.get(IngestDb);
    expect(await ingest.query('tandem_show_jit', 'SHOW jit', [])).toEqual([{ jit: 'off' }]);
  });

  it('keeps a PGOPTIONS from the environment, ours after it', () => {
    expect(pgSessionOptions({})).toBe('-c jit=off');
    expect(pgSessionOptions({ PGOPTIONS: '-c statement_timeout=5000' })).toBe('-c statement_timeout=5000 -c jit=off');
    expect(pgSessionOptions({ PGOPTIONS: '  ' })).toBe('-c jit=off');
  });
});
