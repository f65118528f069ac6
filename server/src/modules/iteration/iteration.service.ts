import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ITERATION_STATE_NUMBER, VALIDATION } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { ValidationError } from '../../core/errors/app-error';
import { dateParam } from '../issue/fields/params';
import { validationErrorOf } from '../issue/issue.validation';
import { escapeLike } from '../project/project.service';
import { ITERATION_COLUMNS, iterationState, iterationWebPath, normIterationRow, type IterationRow } from './iteration.queries';

const STATES = ['opened', 'upcoming', 'current', 'closed', 'all'] as const;

const CREATE = z.object({
  title: z.string().trim().max(255, VALIDATION.tooLong(255)).nullable().optional(),
  description: z.string().max(65_535, VALIDATION.tooLong(65_535)).nullable().optional(),
  start_date: dateParam(),
  due_date: dateParam(),
  cadence_id: z.coerce.number().int().positive().optional(),
  cadence_title: z.string().trim().min(1).max(255).optional(),
});

/** Iterations of a group and its ancestors (REST GET /groups/:id/iterations) and the minimal create. */
@Injectable()
export class IterationService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GitLab's filters: state (opened, upcoming, current, closed, all), search (title or cadence), include_ancestors (default true). */
  async list(groupId: number, q: Record<string, unknown>) {
    const state = (q.state ?? 'all') as (typeof STATES)[number];
    if (!STATES.includes(state)) throw new ValidationError({ state: [VALIDATION.notAllowed(STATES)] });
    const search = typeof q.search === 'string' && q.search ? `%${escapeLike(q.search)}%` : null;
    const ancestors = q.include_ancestors !== 'false';
    const rows: IterationRow[] = await this.ds.query(
      `WITH RECURSIVE anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $1
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
       SELECT ${ITERATION_COLUMNS}
       WHERE (it.group_id = $1 OR ($2 AND it.group_id IN (SELECT id FROM anc)))
         AND ($3::text IS NULL OR it.title ILIKE $3 OR c.title ILIKE $3)
       ORDER BY it.due_date, it.id`,
      [groupId, ancestors, search],
    );
    const today = new Date().toISOString().slice(0, 10);
    return rows
      .map(normIterationRow)
      .filter((r) => {
        const s = iterationState(r, today);
        return state === 'all' || s === state || (state === 'opened' && s !== 'closed');
      })
      .map((r) => this.toApi(r, today));
  }

  /** Creates an iteration in a cadence (by id, or by title: created when new; default "Iterations"). */
  async create(groupId: number, body: unknown) {
    const parsed = CREATE.safeParse(body ?? {});
    if (!parsed.success) throw validationErrorOf(parsed.error);
    const p = parsed.data;
    if (!p.start_date) throw new ValidationError({ start_date: [VALIDATION.required] });
    if (!p.due_date) throw new ValidationError({ due_date: [VALIDATION.required] });
    if (p.due_date < p.start_date) throw new ValidationError({ due_date: ['must be greater than start date'] });
    return this.ds.transaction(async (m) => {
      let cadenceId = p.cadence_id;
      if (cadenceId !== undefined) {
        const [c] = await m.query('SELECT id FROM iteration_cadences WHERE id = $1 AND group_id = $2', [cadenceId, groupId]);
        if (!c) throw new ValidationError({ cadence_id: ['does not name a cadence of this group'] });
      } else {
        const [c] = await m.query(
          `INSERT INTO iteration_cadences (group_id, title) VALUES ($1, $2)
           ON CONFLICT (group_id, lower(title)) DO UPDATE SET updated_at = iteration_cadences.updated_at RETURNING id`,
          [groupId, p.cadence_title ?? 'Iterations'],
        );
        cadenceId = Number(c.id);
      }
      const [overlap] = await m.query(
        'SELECT 1 FROM iterations WHERE iteration_cadence_id = $1 AND start_date <= $3::date AND due_date >= $2::date',
        [cadenceId, p.start_date, p.due_date],
      );
      if (overlap) throw new ValidationError({ base: ['Dates cannot overlap with other existing Iterations within this iterations cadence'] });
      const [row] = await m.query(
        `WITH ins AS (INSERT INTO iterations (iid, group_id, iteration_cadence_id, title, description, start_date, due_date)
           SELECT COALESCE(max(iid), 0) + 1, $1, $2, $3, $4, $5::date, $6::date FROM iterations WHERE group_id = $1 RETURNING *)
         SELECT ${ITERATION_COLUMNS.replace('FROM iterations it', 'FROM ins it')}`,
        [groupId, cadenceId, p.title || null, p.description ?? null, p.start_date, p.due_date],
      );
      return this.toApi(normIterationRow(row as IterationRow), new Date().toISOString().slice(0, 10));
    });
  }

  /** GitLab's REST Iteration entity (state as its number: 1 upcoming, 2 current, 3 closed), plus the cadence. */
  private toApi(r: IterationRow, today: string) {
    return {
      id: r.id,
      iid: r.iid,
      sequence: r.iid,
      group_id: r.group_id,
      title: r.title,
      description: r.description,
      state: ITERATION_STATE_NUMBER[iterationState(r, today)],
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
      start_date: r.start_date,
      due_date: r.due_date,
      web_url: `${this.config.publicUrl}${iterationWebPath(r)}`,
      iteration_cadence: { id: r.cadence_id, title: r.cadence_title },
    };
  }
}
