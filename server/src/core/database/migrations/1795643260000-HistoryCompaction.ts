import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the event log's pruning (EVENT_RETENTION_HOURS) must not take from the history and the
 * resource event APIs (docs/decisions.md, History): per noteable, the state the pruned prefix
 * of its log replays to (`history_snapshots`), and the GitLab resource events that prefix made
 * (`resource_events`, ids as they were answered before the prune).
 */
export class HistoryCompaction1795643260000 implements MigrationInterface {
  name = 'HistoryCompaction1795643260000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE history_snapshots (
      noteable_type varchar(20) NOT NULL,
      noteable_id integer NOT NULL,
      seq integer NOT NULL,
      state jsonb NOT NULL,
      compacted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (noteable_type, noteable_id)
    )`);
    await q.query(`CREATE TABLE resource_events (
      id bigint PRIMARY KEY,
      noteable_type varchar(20) NOT NULL,
      noteable_id integer NOT NULL,
      seq integer NOT NULL,
      kind varchar(20) NOT NULL,
      actor jsonb,
      change jsonb NOT NULL,
      created_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX resource_events_noteable ON resource_events (noteable_type, noteable_id, kind, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE resource_events`);
    await q.query(`DROP TABLE history_snapshots`);
  }
}
