import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The history at any moment without the whole log (issue #26, docs/decisions.md, History):
 * `history_checkpoints` keeps a noteable's page state every HISTORY_CHECKPOINT_EVERY seqs of its
 * log (written when a read first replays past one; events never change, so neither do they),
 * and `resource_event_marks` says up to which seq the log's GitLab resource events are in
 * `resource_events`, so their APIs page in SQL.
 */
export class HistoryCheckpoints1795860000000 implements MigrationInterface {
  name = 'HistoryCheckpoints1795860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE history_checkpoints (
      noteable_type varchar(20) NOT NULL,
      noteable_id integer NOT NULL,
      seq integer NOT NULL,
      state jsonb NOT NULL,
      PRIMARY KEY (noteable_type, noteable_id, seq)
    )`);
    await q.query(`CREATE TABLE resource_event_marks (
      noteable_type varchar(20) NOT NULL,
      noteable_id integer NOT NULL,
      seq integer NOT NULL,
      PRIMARY KEY (noteable_type, noteable_id)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE resource_event_marks`);
    await q.query(`DROP TABLE history_checkpoints`);
  }
}
