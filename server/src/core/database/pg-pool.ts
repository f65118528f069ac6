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
