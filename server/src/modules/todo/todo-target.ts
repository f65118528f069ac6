import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TodoTargetType } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader, type LoadedIssue } from '../issue/issue.loader';
import { MergeRequestLoader } from '../merge-request/merge-request.loader';
import { parseMergeRequestIid } from '../merge-request/merge-request.validation';

/** What a to-do points at (an issue or a merge request), once the actor may read it. */
export interface TodoTarget {
  type: TodoTargetType;
  projectId: number;
  id: number;
}

/** An issue or a merge request a to-do may point at: readable to the actor (404 otherwise, as for any of them). */
@Injectable()
export class TodoTargetLoader {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly issues: IssueLoader,
    private readonly mergeRequests: MergeRequestLoader,
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

  /**
   * The sidebar toggle's target (issuable_id of issuable_type) in the project the path names. A
   * merge request must be readable (read_merge_request); changing one's own to-do on it is
   * update_subscription, as its /todo and /done.
   */
  async forToggle(actor: Actor, projectPath: string, input: { issuable_id: number; issuable_type: TodoTargetType }, write: boolean): Promise<TodoTarget> {
    if (input.issuable_type === 'Issue') {
      const { project, issue } = await this.byId(actor, projectPath, input.issuable_id);
      return { type: 'Issue', projectId: project.id, id: issue.id };
    }
    const loaded = await this.mergeRequests.byIdIn(actor, projectPath, input.issuable_id);
    if (write) MergeRequestLoader.authorize(actor, 'update_subscription', loaded);
    return { type: 'MergeRequest', projectId: loaded.project.id, id: loaded.mr.id };
  }

  /** A merge request by its project and iid (REST's .../merge_requests/:iid/todo): readable, and the actor's to-do to change. */
  async mergeRequestByIid(actor: Actor, project: string, iid: string): Promise<TodoTarget> {
    const loaded = await this.mergeRequests.findReadable(actor, project, parseMergeRequestIid(iid));
    MergeRequestLoader.authorize(actor, 'update_subscription', loaded);
    return { type: 'MergeRequest', projectId: loaded.project.id, id: loaded.mr.id };
  }
}
