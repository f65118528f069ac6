// The e2e run's server: Tandem as `npm start` runs it, on a fresh database of the machine's
// Postgres (TANDEM_E2E_DATABASE, named by the Playwright config), not the embedded PGlite: the
// journeys run against the real services. Databases of e2e runs whose runner is gone are dropped
// first (a run that was killed); global-setup drops this one when the run ends.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerAlive } from './runner-alive.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const pg = require('pg');

const admin = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.env.TANDEM_E2E_DATABASE;
if (!name || !/^tandem_e2e_\d+_\d+$/.test(name)) {
  console.error(`TANDEM_E2E_DATABASE must be tandem_e2e_<runner pid>_<time>, not ${name}`);
  process.exit(1);
}

const client = new pg.Client({ connectionString: admin });
await client.connect();
try {
  const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'tandem\\_e2e\\_%'");
  for (const { datname } of rows) {
    const [, , runner, namedAt] = datname.split('_').map(Number);
    if (datname !== name && !runnerAlive(runner, namedAt)) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
} finally {
  await client.end();
}

process.env.DATABASE_URL = admin.replace(/\/[^/]*$/, `/${name}`);
require(path.resolve(here, '../../../server/dist/main.js'));
