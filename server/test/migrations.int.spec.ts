import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { startApp } from '../src/app';
import { loadConfig } from '../src/core/config/config';
import { MIGRATIONS, openDatabase, runMigrations, type OpenDatabase } from '../src/core/database/data-source';
import { ENTITIES } from '../src/modules/entities';
import { createDatabase } from './support/shared-harness';

/** Migrations from an empty database on both engines; a second run (and a restart) is a no-op. */
const TABLES = ['users', 'sessions', 'personal_access_tokens', 'oauth_access_tokens', 'namespaces', 'projects', 'members', 'milestones', 'labels', 'issues', 'issue_assignees', 'label_links', 'notes', 'issue_events'];

async function tablesOf(db: OpenDatabase): Promise<string[]> {
  const rows = (await db.dataSource.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`)) as Array<{ table_name: string }>;
  return rows.map((r) => r.table_name);
}

describe('migrations', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
  });

  it.each(['postgres', 'pglite'] as const)('run up from empty on %s, then again as a no-op', async (mode) => {
    let db: OpenDatabase;
    if (mode === 'postgres') {
      const pg = await createDatabase('t2');
      cleanup.push(pg.drop);
      db = await openDatabase({ url: pg.url, dataDir: os.tmpdir() }, ENTITIES);
    } else {
      const pglite = await PGlite.create('memory://');
      cleanup.push(() => pglite.close());
      db = await openDatabase({ dataDir: os.tmpdir() }, ENTITIES, { pglite });
    }
    try {
      expect(await tablesOf(db)).toEqual([]);
      const ran = await runMigrations(db.dataSource, db.mode);
      expect(ran).toEqual(MIGRATIONS.map((m) => new m().name ?? m.name));
      const tables = await tablesOf(db);
      for (const t of TABLES) expect(tables).toContain(t);
      expect(await runMigrations(db.dataSource, db.mode)).toEqual([]);
      const [{ n }] = (await db.dataSource.query('SELECT count(*)::int AS n FROM migrations')) as Array<{ n: number }>;
      expect(n).toBe(MIGRATIONS.length);
    } finally {
      await db.close();
    }
  });

  it('a restart on the same PGlite data folder keeps the data: no re-migration, no second seed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-t2-mig-'));
    cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'silent' };
    const first = await startApp(loadConfig(env));
    const count = async (db: OpenDatabase) => ((await db.dataSource.query('SELECT (SELECT count(*) FROM users)::int AS u, (SELECT count(*) FROM issues)::int AS i, (SELECT count(*) FROM migrations)::int AS m')) as Array<{ u: number; i: number; m: number }>)[0];
    const before = await count(first.db);
    // the five demo users and the Support Bot (the ServiceDesk migration)
    expect(before).toEqual({ u: 6, i: 24, m: MIGRATIONS.length });
    await first.close();
    const second = await startApp(loadConfig(env));
    try {
      expect(await count(second.db)).toEqual(before);
      const res = await fetch(`${second.url}/api/v4/projects/acme%2Ftandem/issues/1`);
      expect(res.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
