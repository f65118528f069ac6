import type { DataSource } from 'typeorm';

/** What the hot paths use of node-postgres' pool: named queries are prepared once per connection. */
export interface PgPool {
  query<R = Record<string, unknown>>(q: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: R[]; rowCount: number | null }>;
}

/**
 * The node-postgres pool behind TypeORM (Postgres and PGlite alike). Hot paths query it with
 * named (prepared) statements, skipping TypeORM's per-query runner and a parse and plan per call.
 */
export function pgPool(ds: DataSource): PgPool {
  return (ds.driver as unknown as { master: PgPool }).master;
}

/** Prepared-statement names (Postgres keeps 63 characters): one per distinct text, for statements built from a finite set of parts. */
const names = new Map<string, string>();
export function statementName(prefix: string, text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `${prefix}.${names.size + 1}`));
  return name;
}
