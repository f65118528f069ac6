import type { DataSource, EntityMetadata } from 'typeorm';

const TIMESTAMP_TYPES = new Set(['timestamptz', 'timestamp with time zone', 'timestamp', 'timestamp without time zone']);

/**
 * An entity from `row_to_json` of its table (the reads that are one prepared statement returning
 * one json column: the issue read, the project read): keys are column names, timestamps come as
 * ISO text (node-postgres would have parsed them into Dates), the other types (integers, text,
 * booleans, dates as 'YYYY-MM-DD') as TypeORM's driver hydrates them.
 */
export function entityFromJson(ds: DataSource, meta: EntityMetadata, row: Record<string, unknown>): object {
  const e = meta.create() as Record<string, unknown>;
  for (const c of meta.columns) {
    const v = row[c.databaseName];
    e[c.propertyName] = typeof v === 'string' && TIMESTAMP_TYPES.has(String(c.type)) ? new Date(v) : ds.driver.prepareHydratedValue(v, c);
  }
  return e;
}
