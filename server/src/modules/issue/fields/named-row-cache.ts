import type { StatementTx } from '../../../core/realtime/event-log.service';
import type { Project } from '../../project/project.entity';

/** A row a column field's value names (a milestone, an iteration), as the field resolved it for a project. */
export interface NamedRow<R> {
  row: R;
  project: Project;
  /** Forgets the row (the write found it changed): the next resolve reads it again. */
  stale(): void;
}

/**
 * Rows that column fields name (milestones, iterations), kept per project so a PUT plans its
 * note and event without a read. Never trusted alone: the write's guard re-checks the row in
 * the same statement (ColumnChange.guard), and a guard that fails drops the entry and the
 * write is retried on a fresh read. A project's rows change rarely; a bounded map suffices.
 */
export class NamedRowCache<R> {
  /** Per database (tests run apps on two in one process). */
  private readonly byDb = new WeakMap<object, Map<string, R>>();

  constructor(private readonly max = 5000) {}

  /** The row `id` as `project` may use it (null: not available to it); `fresh` reads past the cache. */
  async resolve(tx: StatementTx, project: Project, id: number, read: (tx: StatementTx, project: Project, id: number) => Promise<R | null>, fresh: boolean): Promise<NamedRow<R> | null> {
    const db = tx.manager.connection;
    let rows = this.byDb.get(db);
    if (!rows) this.byDb.set(db, (rows = new Map()));
    const key = `${project.id}:${id}`;
    let row = fresh ? undefined : rows.get(key);
    if (row === undefined) {
      const found = await read(tx, project, id);
      if (!found) {
        rows.delete(key);
        return null;
      }
      row = found;
      if (rows.size >= this.max) rows.delete(rows.keys().next().value!);
      rows.set(key, row);
    }
    return { row, project, stale: () => rows.delete(key) };
  }
}
