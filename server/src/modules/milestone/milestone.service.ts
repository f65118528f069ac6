import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { VALIDATION } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { escapeLike } from '../project/project.service';
import { validationErrorOf } from '../issue/issue.validation';
import { dateParam } from '../issue/fields/params';
import { milestoneWebPath } from './milestone.queries';

/** A milestone's owner: a project (with its namespace, for parent milestones) or a group. */
export type MilestoneOwner = { projectId: number; namespaceId: number; path: string } | { groupId: number; path: string };

interface Row {
  id: number;
  iid: number;
  project_id: number | null;
  group_id: number | null;
  title: string;
  description: string | null;
  state: 'active' | 'closed';
  start_date: string | null;
  due_date: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  owner_path: string;
}

const COLUMNS = `m.id, m.iid, m.project_id, m.group_id, m.title, m.description, m.state,
  to_char(m.start_date, 'YYYY-MM-DD') AS start_date, to_char(m.due_date, 'YYYY-MM-DD') AS due_date, m.created_at, m.updated_at,
  COALESCE(p.full_path, g.full_path) AS owner_path
  FROM milestones m LEFT JOIN projects p ON p.id = m.project_id LEFT JOIN namespaces g ON g.id = m.group_id`;

const title = z.string().trim().min(1, VALIDATION.required).max(255, VALIDATION.tooLong(255));
const description = z.string().max(65_535, VALIDATION.tooLong(65_535)).nullable();
const CREATE = z.object({ title, description: description.optional(), due_date: dateParam().optional(), start_date: dateParam().optional() });
const UPDATE = z.object({
  title: title.optional(),
  description: description.optional(),
  due_date: dateParam().optional(),
  start_date: dateParam().optional(),
  state_event: z.enum(['close', 'activate']).optional(),
});

const ownerWhere = (o: MilestoneOwner) => ('projectId' in o ? 'm.project_id = $1' : 'm.group_id = $1');
const ownerId = (o: MilestoneOwner) => ('projectId' in o ? o.projectId : o.groupId);

/** Project and group milestones (REST v4 /projects/:id/milestones, /groups/:id/milestones); the caller checks the policy. */
@Injectable()
export class MilestoneService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(owner: MilestoneOwner, q: Record<string, unknown>) {
    const state = q.state === 'active' || q.state === 'closed' ? q.state : null;
    if (q.state !== undefined && q.state !== 'all' && !state) throw new ValidationError({ state: [VALIDATION.notAllowed(['active', 'closed'])] });
    const search = typeof q.search === 'string' && q.search ? `%${escapeLike(q.search)}%` : null;
    const titleEq = typeof q.title === 'string' && q.title ? q.title : null;
    const parents = 'projectId' in owner && (q.include_parent_milestones === 'true' || q.include_ancestors === 'true');
    const rows: Row[] = await this.ds.query(
      `WITH RECURSIVE anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $2
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
       SELECT ${COLUMNS}
       WHERE (${ownerWhere(owner)} OR ($3 AND m.group_id IN (SELECT id FROM anc)))
         AND ($4::text IS NULL OR m.state = $4) AND ($5::text IS NULL OR m.title ILIKE $5 OR m.description ILIKE $5) AND ($6::text IS NULL OR m.title = $6)
       ORDER BY m.due_date NULLS LAST, m.id`,
      [ownerId(owner), 'projectId' in owner ? owner.namespaceId : 0, parents, state, search, titleEq],
    );
    return rows.map((r) => this.toApi(r));
  }

  async find(owner: MilestoneOwner, id: string): Promise<Row> {
    if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) throw new AppError('MILESTONE_NOT_FOUND');
    const [row]: Row[] = await this.ds.query(`SELECT ${COLUMNS} WHERE ${ownerWhere(owner)} AND m.id = $2`, [ownerId(owner), Number(id)]);
    if (!row) throw new AppError('MILESTONE_NOT_FOUND');
    return row;
  }

  async get(owner: MilestoneOwner, id: string) {
    return this.toApi(await this.find(owner, id));
  }

  async create(owner: MilestoneOwner, body: unknown) {
    const parsed = CREATE.safeParse(body ?? {});
    if (!parsed.success) throw validationErrorOf(parsed.error);
    const p = parsed.data;
    checkDates(p.start_date ?? null, p.due_date ?? null);
    const col = 'projectId' in owner ? 'project_id' : 'group_id';
    const [created]: Array<{ id: number }> = await this.ds.query(
      `INSERT INTO milestones (iid, ${col}, title, description, start_date, due_date)
       SELECT COALESCE(max(iid), 0) + 1, $1, $2, $3, $4::date, $5::date FROM milestones WHERE ${col} = $1 RETURNING id`,
      [ownerId(owner), p.title, p.description ?? null, p.start_date ?? null, p.due_date ?? null],
    );
    return this.get(owner, String(created!.id));
  }

  async update(owner: MilestoneOwner, id: string, body: unknown) {
    const cur = await this.find(owner, id);
    const parsed = UPDATE.safeParse(body ?? {});
    if (!parsed.success) throw validationErrorOf(parsed.error);
    const p = parsed.data;
    const start = p.start_date !== undefined ? p.start_date : cur.start_date;
    const due = p.due_date !== undefined ? p.due_date : cur.due_date;
    checkDates(start, due);
    await this.ds.query(
      `UPDATE milestones SET title = $2, description = $3, start_date = $4::date, due_date = $5::date, state = $6, updated_at = now() WHERE id = $1`,
      [cur.id, p.title ?? cur.title, p.description !== undefined ? p.description : cur.description, start, due,
        p.state_event === 'close' ? 'closed' : p.state_event === 'activate' ? 'active' : cur.state],
    );
    return this.get(owner, String(cur.id));
  }

  async destroy(owner: MilestoneOwner, id: string): Promise<void> {
    const cur = await this.find(owner, id);
    await this.ds.query('DELETE FROM milestones WHERE id = $1', [cur.id]);
  }

  /** GitLab's REST Milestone entity. */
  private toApi(r: Row) {
    const today = new Date().toISOString().slice(0, 10);
    const iid = Number(r.iid);
    return {
      id: Number(r.id),
      iid,
      ...(r.project_id !== null ? { project_id: Number(r.project_id) } : { group_id: Number(r.group_id) }),
      title: r.title,
      description: r.description,
      state: r.state,
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
      due_date: r.due_date,
      start_date: r.start_date,
      expired: !!r.due_date && r.due_date < today,
      web_url: `${this.config.publicUrl}${milestoneWebPath({ iid, group_id: r.group_id, owner_path: r.owner_path })}`,
    };
  }
}

function checkDates(start: string | null, due: string | null) {
  if (start && due && due < start) throw new ValidationError({ due_date: ['must be greater than start date'] });
}
