import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';

/**
 * Fails fast with a clear message when the build the web server runs is missing (instead of
 * a 120 s readiness timeout), and removes the run's throwaway data folder and Postgres database once the runner
 * exits (after the web server is stopped, so the database is not deleted under it).
 */
export default function globalSetup(_config: FullConfig): void {
  const root = path.resolve(__dirname, '../..');
  for (const file of ['server/dist/main.js', 'client/dist/index.html']) {
    if (!fs.existsSync(path.join(root, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` before the e2e tests`);
    }
  }
  const dataDir = process.env.TANDEM_E2E_DATA_DIR;
  if (dataDir && path.basename(dataDir).startsWith('tandem-e2e-')) {
    process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  }
  // The run's Postgres database, once the runner exits (the web server is stopped by then); an
  // exit handler runs no promise, so a short node process drops it
  const database = process.env.TANDEM_E2E_DATABASE;
  if (database && /^tandem_e2e_\d+_\d+$/.test(database)) {
    process.on('exit', () => {
      const drop = `const pg = require('pg'); const c = new pg.Client({ connectionString: ${JSON.stringify(process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')} });
        c.connect().then(() => c.query('DROP DATABASE IF EXISTS ${database} WITH (FORCE)')).finally(() => c.end());`;
      spawnSync(process.execPath, ['-e', drop], { cwd: root, stdio: 'ignore', timeout: 10_000 });
    });
  }
}
