import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { LABEL_COLOR_PATTERN, labelTextColor, VALIDATION } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../core/errors/app-error';
import type { MarkdownService } from '../../core/markdown/markdown.service';
import { validationErrorOf } from '../issue/issue.validation';

/** A label's owner: a project or a group. */
export type LabelOwner = { projectId: number } | { groupId: number };

export interface LabelRecord {
  id: number;
  title: string;
  color: string;
  description: string | null;
  priority: number | null;
  project_id: number | null;
  group_id: number | null;
}

const name = z.string().trim().min(1, VALIDATION.required).max(255, VALIDATION.tooLong(255));
const color = z.string().trim().regex(LABEL_COLOR_PATTERN, 'must be a valid color code');
const description = z.string().max(65_535, VALIDATION.tooLong(65_535)).nullable();
const priority = z.coerce.number().int().min(0).nullable();

const CREATE = z.object({ name, color, description: description.optional(), priority: priority.optional() });
const UPDATE = z.object({ new_name: name.optional(), color: color.optional(), description: description.optional(), priority: priority.optional() });

const ownerCol = (o: LabelOwner) => ('projectId' in o ? 'project_id' : 'group_id');
const ownerId = (o: LabelOwner) => ('projectId' in o ? o.projectId : o.groupId);

/** Creating, editing and deleting labels (REST v4 POST/PUT/DELETE .../labels); the caller checks admin_label. */
@Injectable()
export class LabelAdminService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async create(owner: LabelOwner, body: unknown): Promise<LabelRecord> {
    const parsed = CREATE.safeParse(body ?? {});
    if (!parsed.success) throw validationErrorOf(parsed.error);
    const p = parsed.data;
    const rows: LabelRecord[] = await this.ds.query(
      `INSERT INTO labels (${ownerCol(owner)}, title, color, description, priority) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING id, title, color, description, priority, project_id, group_id`,
      [ownerId(owner), p.name, p.color, p.description ?? null, p.priority ?? null],
    );
    if (!rows[0]) throw new AppError('LABEL_EXISTS');
    return rows[0];
  }

  async find(owner: LabelOwner, idOrName: string): Promise<LabelRecord> {
    const byId = /^\d{1,10}$/.test(idOrName) && Number(idOrName) <= 2_147_483_647;
    const rows: LabelRecord[] = await this.ds.query(
      `SELECT id, title, color, description, priority, project_id, group_id FROM labels
       WHERE ${ownerCol(owner)} = $1 AND (${byId ? 'id = $2::int' : 'lower(title) = lower($2)'})`,
      [ownerId(owner), idOrName],
    );
    if (!rows[0]) throw new AppError('LABEL_NOT_FOUND');
    return rows[0];
  }

  async update(owner: LabelOwner, idOrName: string, body: unknown): Promise<LabelRecord> {
    const label = await this.find(owner, idOrName);
    const parsed = UPDATE.safeParse(body ?? {});
    if (!parsed.success) throw validationErrorOf(parsed.error);
    const p = parsed.data;
    if (p.new_name === undefined && p.color === undefined && p.description === undefined && p.priority === undefined)
      throw new ValidationError({ base: ['new_name, color, description, priority are missing, at least one parameter must be provided'] });
    try {
      await this.ds.query(
        `UPDATE labels SET title = COALESCE($2::text, title), color = COALESCE($3::text, color),
           description = CASE WHEN $4::boolean THEN $5::text ELSE description END, priority = CASE WHEN $6::boolean THEN $7::int ELSE priority END, updated_at = now()
         WHERE id = $1`,
        [label.id, p.new_name ?? null, p.color ?? null, p.description !== undefined, p.description ?? null, p.priority !== undefined, p.priority ?? null],
      );
      return await this.find(owner, String(label.id));
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new AppError('LABEL_EXISTS');
      throw e;
    }
  }

  async destroy(owner: LabelOwner, idOrName: string): Promise<void> {
    const label = await this.find(owner, idOrName);
    await this.ds.query('DELETE FROM labels WHERE id = $1', [label.id]);
  }
}

/** GitLab's REST Label entity. */
export function toApiLabel(l: LabelRecord, md: MarkdownService, counts?: { open: number; closed: number }) {
  return {
    id: Number(l.id),
    name: l.title,
    color: l.color,
    text_color: labelTextColor(l.color),
    description: l.description,
    description_html: md.render(l.description),
    priority: l.priority,
    is_project_label: l.project_id !== null,
    subscribed: false,
    ...(counts ? { open_issues_count: counts.open, closed_issues_count: counts.closed, open_merge_requests_count: 0 } : {}),
  };
}
