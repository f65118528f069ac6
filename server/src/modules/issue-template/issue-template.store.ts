import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { IssueTemplate } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../core/errors/app-error';

/** A project's description templates (table issue_templates), by name, case-insensitive. */
@Injectable()
export class IssueTemplateStore {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(projectId: number): Promise<IssueTemplate[]> {
    return (await this.ds.query(`SELECT name, content FROM issue_templates WHERE project_id = $1 ORDER BY lower(name)`, [projectId])) as IssueTemplate[];
  }

  async get(projectId: number, name: string): Promise<IssueTemplate> {
    const [row] = (await this.ds.query(`SELECT name, content FROM issue_templates WHERE project_id = $1 AND lower(name) = lower($2)`, [projectId, name])) as IssueTemplate[];
    if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
    return row;
  }

  /** A new template; the name is unique in the project (any case). */
  async create(projectId: number, t: IssueTemplate): Promise<IssueTemplate> {
    const rows = (await this.ds.query(
      `INSERT INTO issue_templates (project_id, name, content) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING name, content`,
      [projectId, t.name, t.content],
    )) as IssueTemplate[];
    if (!rows[0]) throw new ValidationError({ name: ['has already been taken'] });
    return rows[0];
  }

  async update(projectId: number, name: string, content: string): Promise<IssueTemplate> {
    const [rows] = (await this.ds.query(
      `UPDATE issue_templates SET content = $3, updated_at = now() WHERE project_id = $1 AND lower(name) = lower($2) RETURNING name, content`,
      [projectId, name, content],
    )) as [IssueTemplate[], number];
    if (!rows[0]) throw new AppError('TEMPLATE_NOT_FOUND');
    return rows[0];
  }

  async remove(projectId: number, name: string): Promise<void> {
    const [rows] = (await this.ds.query(`DELETE FROM issue_templates WHERE project_id = $1 AND lower(name) = lower($2) RETURNING id`, [projectId, name])) as [unknown[], number];
    if (!rows.length) throw new AppError('TEMPLATE_NOT_FOUND');
  }
}
