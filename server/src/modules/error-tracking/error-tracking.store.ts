import type { EntityManager } from 'typeorm';
import type { ErrorSort, ErrorStatus } from '@tandem/shared-types';
import type { StoredFrame } from './ingest/sentry-event';

type Queryable = Pick<EntityManager, 'query'>;

export interface SettingsRow {
  active: boolean;
  integrated: boolean;
}

export interface ClientKeyRow {
  id: number;
  projectId: number;
  publicKey: string;
  active: boolean;
}

export interface ErrorRow {
  id: number;
  projectId: number;
  name: string;
  description: string | null;
  actor: string | null;
  platform: string | null;
  release: string | null;
  environment: string | null;
  status: ErrorStatus;
  eventsCount: number;
  usersCount: number;
  firstSeenAt: string;
  lastSeenAt: string;
  issueId: number | null;
  issueIid: number | null;
}

export interface LatestEvent {
  eventId: string;
  occurredAt: string;
  frames: StoredFrame[];
}

const ERROR_COLUMNS = `e.id, e.project_id, e.name, e.description, e.actor, e.platform, e.release, e.environment, e.status,
  e.events_count, e.users_count, e.first_seen_at, e.last_seen_at, e.issue_id, i.iid AS issue_iid`;

const iso = (v: string | Date) => new Date(v).toISOString();

export function toErrorRow(r: Record<string, unknown>): ErrorRow {
  return {
    id: Number(r.id),
    projectId: Number(r.project_id),
    name: String(r.name),
    description: (r.description as string | null) ?? null,
    actor: (r.actor as string | null) ?? null,
    platform: (r.platform as string | null) ?? null,
    release: (r.release as string | null) ?? null,
    environment: (r.environment as string | null) ?? null,
    status: r.status as ErrorStatus,
    eventsCount: Number(r.events_count),
    usersCount: Number(r.users_count),
    firstSeenAt: iso(r.first_seen_at as string),
    lastSeenAt: iso(r.last_seen_at as string),
    issueId: r.issue_id === null || r.issue_id === undefined ? null : Number(r.issue_id),
    issueIid: r.issue_iid === null || r.issue_iid === undefined ? null : Number(r.issue_iid),
  };
}

export async function settingsOf(m: Queryable, projectId: number): Promise<SettingsRow> {
  const [r] = (await m.query('SELECT active, integrated FROM error_tracking_settings WHERE project_id = $1', [projectId])) as SettingsRow[];
  return { active: r?.active ?? false, integrated: r?.integrated ?? true };
}

export async function saveSettings(m: Queryable, projectId: number, s: SettingsRow): Promise<void> {
  await m.query(
    `INSERT INTO error_tracking_settings (project_id, active, integrated) VALUES ($1, $2, $3)
     ON CONFLICT (project_id) DO UPDATE SET active = EXCLUDED.active, integrated = EXCLUDED.integrated, updated_at = now()`,
    [projectId, s.active, s.integrated],
  );
}

const toKey = (r: { id: number; project_id: number; public_key: string; active: boolean }): ClientKeyRow => ({ id: Number(r.id), projectId: Number(r.project_id), publicKey: r.public_key, active: r.active });

export async function clientKeysOf(m: Queryable, projectId: number): Promise<ClientKeyRow[]> {
  return ((await m.query('SELECT id, project_id, public_key, active FROM error_tracking_client_keys WHERE project_id = $1 ORDER BY id', [projectId])) as never[]).map(toKey);
}

export async function insertClientKey(m: Queryable, projectId: number, publicKey: string): Promise<ClientKeyRow> {
  const [r] = (await m.query('INSERT INTO error_tracking_client_keys (project_id, public_key) VALUES ($1, $2) RETURNING id, project_id, public_key, active', [projectId, publicKey])) as never[];
  return toKey(r!);
}

/** GitLab's DELETE revokes the key: it stays listed as inactive and its DSN is refused (403). */
export async function revokeClientKey(m: Queryable, projectId: number, id: number): Promise<ClientKeyRow | null> {
  const [rows] = (await m.query('UPDATE error_tracking_client_keys SET active = false WHERE project_id = $1 AND id = $2 RETURNING id, project_id, public_key, active', [projectId, id])) as [never[], number];
  return rows[0] ? toKey(rows[0]) : null;
}

export interface IngestKey {
  keyId: number;
  projectId: number;
  keyActive: boolean;
  /** The project's error tracking is on, with Tandem (integrated) as its backend. */
  enabled: boolean;
}

/** The key named by an ingest request with its project's setting, in one statement (null: no such key). */
export async function ingestKey(m: Queryable, publicKey: string): Promise<IngestKey | null> {
  const [r] = (await m.query(
    `SELECT k.id, k.project_id, k.active, COALESCE(s.active AND s.integrated, false) AS enabled
     FROM error_tracking_client_keys k LEFT JOIN error_tracking_settings s ON s.project_id = k.project_id WHERE k.public_key = $1`,
    [publicKey],
  )) as Array<{ id: number; project_id: number; active: boolean; enabled: boolean }>;
  return r ? { keyId: Number(r.id), projectId: Number(r.project_id), keyActive: r.active, enabled: r.enabled } : null;
}

export interface ListQuery {
  status: ErrorStatus | null;
  search: string | null;
  sort: ErrorSort;
  /** The keyset position: rows after it (down the order), or with `back` the rows before it (up). */
  after: { v: string | number; id: number; back?: boolean } | null;
  limit: number;
}

const SORT_COLUMN: Record<ErrorSort, string> = { last_seen: 'e.last_seen_at', first_seen: 'e.first_seen_at', frequency: 'e.events_count' };

/** A page of the project's errors, newest (or most frequent) first, keyset by (sort column, id). */
export async function listErrors(m: Queryable, projectId: number, q: ListQuery): Promise<ErrorRow[]> {
  const col = SORT_COLUMN[q.sort];
  const params: unknown[] = [projectId];
  const where = ['e.project_id = $1'];
  if (q.status) where.push(`e.status = $${params.push(q.status)}`);
  if (q.search) {
    const p = `$${params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
    where.push(`(e.name ILIKE ${p} OR e.description ILIKE ${p} OR e.actor ILIKE ${p})`);
  }
  if (q.after) {
    const v = `$${params.push(q.after.v)}`;
    const id = `$${params.push(q.after.id)}`;
    const op = q.after.back ? '>' : '<';
    where.push(q.sort === 'frequency' ? `(e.events_count, e.id) ${op} (${v}::bigint, ${id}::bigint)` : `(${col}, e.id) ${op} (${v}::timestamptz, ${id}::bigint)`);
  }
  const dir = q.after?.back ? 'ASC' : 'DESC';
  const rows = (await m.query(
    `SELECT ${ERROR_COLUMNS} FROM error_tracking_errors e LEFT JOIN issues i ON i.id = e.issue_id
     WHERE ${where.join(' AND ')} ORDER BY ${col} ${dir}, e.id ${dir} LIMIT $${params.push(q.limit)}`,
    params,
  )) as Array<Record<string, unknown>>;
  return rows.map(toErrorRow);
}

export async function findError(m: Queryable, projectId: number, id: number): Promise<ErrorRow | null> {
  const [r] = (await m.query(`SELECT ${ERROR_COLUMNS} FROM error_tracking_errors e LEFT JOIN issues i ON i.id = e.issue_id WHERE e.project_id = $1 AND e.id = $2`, [projectId, id])) as Array<
    Record<string, unknown>
  >;
  return r ? toErrorRow(r) : null;
}

export async function errorOfIssue(m: Queryable, issueId: number): Promise<ErrorRow | null> {
  const [r] = (await m.query(`SELECT ${ERROR_COLUMNS} FROM error_tracking_errors e LEFT JOIN issues i ON i.id = e.issue_id WHERE e.issue_id = $1 ORDER BY e.id LIMIT 1`, [issueId])) as Array<
    Record<string, unknown>
  >;
  return r ? toErrorRow(r) : null;
}

/** The error's newest event (its stack trace is the error's). */
export async function latestEvent(m: Queryable, errorId: number): Promise<LatestEvent | null> {
  const [r] = (await m.query(`SELECT event_id, occurred_at, payload FROM error_tracking_error_events WHERE error_id = $1 ORDER BY occurred_at DESC, id DESC LIMIT 1`, [errorId])) as Array<{
    event_id: string;
    occurred_at: string | Date;
    payload: { frames?: StoredFrame[] } | string;
  }>;
  if (!r) return null;
  const payload = typeof r.payload === 'string' ? (JSON.parse(r.payload) as { frames?: StoredFrame[] }) : r.payload;
  return { eventId: r.event_id, occurredAt: iso(r.occurred_at), frames: payload.frames ?? [] };
}

export async function setErrorStatus(m: Queryable, projectId: number, id: number, status: ErrorStatus): Promise<boolean> {
  const [, n] = (await m.query(`UPDATE error_tracking_errors SET status = $3, updated_at = now() WHERE project_id = $1 AND id = $2 AND status <> $3`, [projectId, id, status])) as [unknown, number];
  return n > 0;
}
