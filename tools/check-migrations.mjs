#!/usr/bin/env node
// Migration drift check: runs every migration on a fresh database, then asks TypeORM which
// schema changes the entities still need. Any needed change means an entity was edited
// without a migration (or the reverse): fail and list the SQL. Needs a built server.
// usage: node tools/check-migrations.mjs [--postgres postgres://.../anydb] [--self-test]
//        (default target: a fresh in-memory PGlite)
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'server', 'package.json'));
const { ENTITIES } = require(path.join(root, 'server/dist/modules/entities.js'));
const { MIGRATIONS, openDatabase, runMigrations } = require(path.join(root, 'server/dist/core/database/data-source.js'));
const { PGlite } = require('@electric-sql/pglite');
const pg = require('pg');

// What the entities do not model is not drift. The migrations are the source of truth for
// integrity rules (foreign keys with ON DELETE, CHECKs, unique constraints, indexes, varchar
// lengths, column defaults); the entities only describe what TypeORM reads and writes. So
// before asking TypeORM for its diff, the throwaway database is brought to the entities'
// view for exactly these known-cosmetic kinds; everything else (a missing table or column,
// a different type, nullability, primary key, or anything an entity DOES declare) still fails.
async function normaliseCosmetic(dataSource) {
  const driver = dataSource.driver;
  const runner = dataSource.createQueryRunner();
  const counts = {};
  const note = (kind) => (counts[kind] = (counts[kind] ?? 0) + 1);
  const sameCols = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
  try {
    const metas = dataSource.entityMetadatas.filter((m) => m.tableType === 'regular');
    const tables = await runner.getTables(metas.map((m) => m.tablePath));
    const sql = [];
    for (const meta of metas) {
      const table = tables.find((t) => t.name === meta.tablePath || t.name.endsWith(`.${meta.tablePath}`));
      if (!table) continue; // a missing table is real drift: TypeORM reports it
      const t = `"${meta.tableName}"`;
      for (const col of meta.columns) {
        const db = table.columns.find((c) => c.name === col.databaseName);
        if (!db) continue;
        const type = driver.normalizeType(col);
        // varchar(N) in the database, varchar in the entity: the length is a DB-side limit.
        if (db.type === type && db.length && !col.length) {
          sql.push(`ALTER TABLE ${t} ALTER COLUMN "${db.name}" TYPE ${type}`);
          note('varchar length only in the database');
        }
        // A DB default the entity does not declare (inserts via TypeORM send DEFAULT anyway).
        if (db.default !== undefined && driver.normalizeDefault(col) === undefined && !col.isGenerated) {
          sql.push(`ALTER TABLE ${t} ALTER COLUMN "${db.name}" DROP DEFAULT`);
          note('default only in the database');
        }
      }
      for (const fk of table.foreignKeys) {
        const match = meta.foreignKeys.find(
          (e) => sameCols(e.columnNames, fk.columnNames) && e.referencedTablePath === fk.referencedTableName.split('.').pop()
            && sameCols(e.referencedColumnNames, fk.referencedColumnNames),
        );
        if (!match) {
          sql.push(`ALTER TABLE ${t} DROP CONSTRAINT "${fk.name}"`);
          note('foreign key only in the database');
          continue;
        }
        // A relation declared for joins without onDelete leaves ON DELETE to the migration;
        // an onDelete the entity does state must agree with the database (else: drift).
        const unstated = (match.onDelete ?? 'NO ACTION') === 'NO ACTION';
        if (!unstated && match.onDelete !== fk.onDelete) continue;
        note(fk.onDelete !== (match.onDelete ?? 'NO ACTION') ? 'ON DELETE only in the database' : 'foreign key name differs');
        sql.push(`ALTER TABLE ${t} DROP CONSTRAINT "${fk.name}"`);
        sql.push(
          `ALTER TABLE ${t} ADD CONSTRAINT "${match.name}" FOREIGN KEY (${match.columnNames.map((c) => `"${c}"`).join(', ')}) ` +
            `REFERENCES "${match.referencedTablePath}"(${match.referencedColumnNames.map((c) => `"${c}"`).join(', ')}) ` +
            `ON DELETE ${match.onDelete ?? 'NO ACTION'} ON UPDATE ${match.onUpdate ?? 'NO ACTION'}`,
        );
      }
      for (const idx of table.indices) {
        const match = meta.indices.find((e) => sameCols(e.columns.map((c) => c.databaseName), idx.columnNames) && !!e.isUnique === !!idx.isUnique);
        if (match) {
          if (match.name !== idx.name) {
            sql.push(`ALTER INDEX "${idx.name}" RENAME TO "${match.name}"`);
            note('index name differs');
          }
        } else {
          sql.push(`DROP INDEX "${idx.name}"`);
          note('index only in the database');
        }
      }
      for (const u of table.uniques) {
        const match = meta.uniques.find((e) => sameCols(e.columns.map((c) => c.databaseName), u.columnNames));
        if (match) {
          if (match.name !== u.name) {
            sql.push(`ALTER TABLE ${t} RENAME CONSTRAINT "${u.name}" TO "${match.name}"`);
            note('unique name differs');
          }
        } else {
          sql.push(`ALTER TABLE ${t} DROP CONSTRAINT "${u.name}"`);
          note('unique constraint only in the database');
        }
      }
      for (const ck of table.checks) {
        const match = meta.checks.find((e) => e.expression.replace(/\s+/g, '') === (ck.expression ?? '').replace(/\s+/g, ''));
        if (match) {
          if (match.name !== ck.name) {
            sql.push(`ALTER TABLE ${t} RENAME CONSTRAINT "${ck.name}" TO "${match.name}"`);
            note('check name differs');
          }
        } else {
          sql.push(`ALTER TABLE ${t} DROP CONSTRAINT "${ck.name}"`);
          note('CHECK only in the database');
        }
      }
    }
    for (const q of sql) await runner.query(q);
  } finally {
    await runner.release();
  }
  return counts;
}

// --self-test: declare a column no migration creates and expect the check to catch it.
const selfTest = process.argv.includes('--self-test');
if (selfTest) {
  const { Column } = require('typeorm');
  Column({ type: 'integer', name: 'drift_probe', nullable: true })(ENTITIES[0].prototype, 'driftProbe');
}

const argUrl = process.argv.includes('--postgres') ? process.argv[process.argv.indexOf('--postgres') + 1] : undefined;

async function withFreshTarget(fn) {
  if (!argUrl) {
    const pglite = await PGlite.create();
    try {
      return await fn({ label: 'fresh in-memory PGlite', target: { dataDir: '/nonexistent' }, pglite });
    } finally {
      await pglite.close();
    }
  }
  // A throwaway database on the given server, dropped afterwards.
  const name = `tandem_migcheck_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: argUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(argUrl);
    url.pathname = `/${name}`;
    return await fn({ label: `fresh Postgres database ${name}`, target: { url: url.toString(), dataDir: '/nonexistent' } });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const exitCode = await withFreshTarget(async ({ label, target, pglite }) => {
  const db = await openDatabase(target, ENTITIES, { pglite });
  try {
    const ran = await runMigrations(db.dataSource, db.mode);
    console.log(`[check-migrations] ${label}: ran ${ran.length}/${MIGRATIONS.length} migrations (${ran.join(', ')})`);
    const raw = await db.dataSource.driver.createSchemaBuilder().log();
    const counts = await normaliseCosmetic(db.dataSource);
    const summary = Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ');
    console.log(`[check-migrations] TypeORM's raw diff: ${raw.upQueries.length} statement(s); known-cosmetic: ${summary || 'none'}`);
    const pending = (await db.dataSource.driver.createSchemaBuilder().log()).upQueries;
    if (pending.length === 0) {
      console.log(`[check-migrations] OK: the entities match the migrations (${ENTITIES.length} entities)`);
      return 0;
    }
    console.error(`[check-migrations] DRIFT: the entities need ${pending.length} schema change(s) no migration makes:`);
    for (const q of pending) console.error(`  ${q.query}${q.parameters?.length ? `  -- ${JSON.stringify(q.parameters)}` : ''}`);
    console.error('[check-migrations] Add a migration under server/src/core/database/migrations/ and list it in MIGRATIONS.');
    return 1;
  } finally {
    await db.close();
  }
});
if (selfTest) {
  const caught = exitCode === 1;
  console.log(caught ? '[check-migrations] self-test OK: an undeclared column is reported as drift' : '[check-migrations] self-test FAILED: drift went unnoticed');
  process.exit(caught ? 0 : 1);
}
process.exit(exitCode);
