import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../core/errors/app-error';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader, type LoadedIssue } from '../issue/issue.loader';

/** An issue a to-do may point at: readable to the actor (404 otherwise, as for any issue). */
@Injectable()
export class TodoTargetLoader {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly issues: IssueLoader,
  ) {}

  byIid(actor: Actor | null, project: string | number, iid: string | number): Promise<LoadedIssue> {
    return this.issues.findReadable(actor, project, iid);
  }

  /** By the issue's id alone (GraphQL's targetId). */
  async byIssueId(actor: Actor | null, issueId: number): Promise<LoadedIssue> {
    const [row] = (await this.ds.query('SELECT p.full_path FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = $1', [issueId])) as Array<{ full_path: string }>;
    if (!row) throw new AppError('ISSUE_NOT_FOUND');
    return this.byId(actor, row.full_path, issueId);
  }

  /** By the issue's id (the sidebar's issuable_id), in the project the path names. */
  async byId(actor: Actor | null, projectPath: string, issueId: number): Promise<LoadedIssue> {
    const [row] = (await this.ds.query('SELECT project_id, iid FROM issues WHERE id = $1', [issueId])) as Array<{ project_id: number; iid: number }>;
    if (!row) throw new AppError('ISSUE_NOT_FOUND');
    const loaded = await this.issues.findReadable(actor, projectPath, row.iid);
    if (loaded.issue.id !== issueId) throw new AppError('ISSUE_NOT_FOUND');
    return loaded;
  }
}
