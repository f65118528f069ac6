import type { EntityManager } from 'typeorm';
import type { ApiMetricImage } from '@tandem/shared-types';

type Queryable = Pick<EntityManager, 'query'>;

export interface MetricImageRow {
  id: number;
  issueId: number;
  fileSecret: string;
  fileName: string;
  url: string | null;
  urlText: string | null;
  createdAt: string;
}

const toRow = (r: Record<string, unknown>): MetricImageRow => ({
  id: Number(r.id),
  issueId: Number(r.issue_id),
  fileSecret: String(r.file_secret),
  fileName: String(r.file_name),
  url: (r.url as string | null) ?? null,
  urlText: (r.url_text as string | null) ?? null,
  createdAt: new Date(r.created_at as string).toISOString(),
});

/** Rows a write's RETURNING gave (node-postgres answers [rows, count] for UPDATE/DELETE through TypeORM). */
export const returned = (rows: unknown): Record<string, unknown>[] => (Array.isArray(rows) && Array.isArray(rows[0]) ? (rows[0] as Record<string, unknown>[]) : (rows as Record<string, unknown>[]));

export async function metricImagesOf(m: Queryable, issueId: number): Promise<MetricImageRow[]> {
  return ((await m.query('SELECT * FROM issue_metric_images WHERE issue_id = $1 ORDER BY id', [issueId])) as Record<string, unknown>[]).map(toRow);
}

export async function metricImage(m: Queryable, issueId: number, id: number): Promise<MetricImageRow | null> {
  const rows = (await m.query('SELECT * FROM issue_metric_images WHERE issue_id = $1 AND id = $2', [issueId, id])) as Record<string, unknown>[];
  return rows[0] ? toRow(rows[0]) : null;
}

export { toRow as metricImageRow };

/** GitLab's shape; the file is served under the issue (read_issue). */
export function toApiMetricImage(r: MetricImageRow, issuePath: string): ApiMetricImage {
  return { id: r.id, created_at: r.createdAt, filename: r.fileName, file_path: `${issuePath}/metric_images/${r.id}/${encodeURIComponent(r.fileName)}`, url: r.url, url_text: r.urlText };
}
