import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { LABEL_COLOR_PATTERN, labelTextColor, VALIDATION } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../core/errors/app-error';
import type { MarkdownService } from '../../core/markdown/markdown.service';
import { validationErrorOf } from '../issue/issue.validation';
import { escapeLike } from '../project/project.service';

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

/** Where a label list is read: the owner, the namespace whose ancestors' labels it includes, and issue counts (projects only). */
export interface LabelScope {
  owner: LabelOwner;
  namespaceId: number;
  counts: { projectId: number; confidential: boolean } | null;
}

const ownerCol = (o: LabelOwner) => ('projectId' in o ? 'project_id' : 'group_id');
const ownerId = (o: LabelOwner) => ('projectId' in o ? o.projectId : o.groupId);

/** Listing, creating, editing and deleting labels (REST v4 .../labels); the caller checks read or admin_label. */
@Injectable()
export class LabelAdminService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The scope's labels, and its ancestor groups' unless include_ancestor_groups=false; search; with_counts (open/closed issues of a project). */
  async list(scope: LabelScope, q: Record<string, unknown>): Promise<Array<{ label: LabelRecord; counts?: { open: number; closed: number } }>> {
    const withCounts = q.with_counts === 'true';
    const includeAncestors = q.include_ancestor_groups !== 'false';
    const search = typeof q.search === 'string' && q.search ? `%${escapeLike(q.search)}%` : null;
    const counted = withCounts && scope.counts;
    const countOf = (state: string) =>
      `(SELECT count(*)::int FROM label_links ll JOIN issues i ON i.id = ll.target_id AND ll.target_type = 'Issue'
          WHERE ll.label_id = l.id AND i.project_id = $5 AND i.state = '${state}' AND ($6::boolean OR NOT i.confidential))`;
    const rows: Array<LabelRecord & { open_issues_count?: number; closed_issues_count?: number }> = await this.ds.query(
      `WITH RECURSIVE anc(id, parent_id) AS (
         SELECT id, parent_id FROM namespaces WHERE id = $2
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
       SELECT l.id, l.title, l.color, l.description, l.priority, l.project_id, l.group_id
         ${counted ? `, ${countOf('opened')} AS open_issues_count, ${countOf('closed')} AS closed_issues_count` : ''}
       FROM labels l
       WHERE (l.${ownerCol(scope.owner)} = $1 OR ($3 AND l.group_id IN (SELECT id FROM anc)))
         AND ($4::text IS NULL OR l.title ILIKE $4)
       ORDER BY lower(l.title)`,
      [ownerId(scope.owner), scope.namespaceId, includeAncestors, search, ...(counted ? [scope.counts!.projectId, scope.counts!.confidential] : [])],
    );
    return rows.map(({ open_issues_count, closed_issues_count, ...label }) => ({
      label,
      counts: withCounts ? { open: open_issues_count ?? 0, closed: closed_issues_count ?? 0 } : undefined,
    }));
  }

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
