import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../core/errors/app-error';
import { canMergeRequest, canReadMergeRequests, type MergeRequestFacts } from '../../core/policy/merge-request-permissions';
import type { Actor, MergeRequestAbility, ProjectFacts } from '../../core/policy/policy';
import type { Project } from '../project/project.entity';
import { ProjectService } from '../project/project.service';
import { mergeRequestById, mergeRequestByIid, type MergeRequestRow, type Queryable } from './merge-request.store';

/** A merge request as an actor reads it: the row, its target project and the actor's facts there. */
export interface LoadedMergeRequest {
  project: Project;
  facts: ProjectFacts;
  mr: MergeRequestRow;
}

export const mergeRequestFacts = (m: MergeRequestRow): MergeRequestFacts => ({ authorId: m.authorId, discussionLocked: m.discussionLocked, state: m.state });

/** Finds merge requests as the policy lets an actor see them ("not found" otherwise). */
@Injectable()
export class MergeRequestLoader {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    readonly projects: ProjectService,
  ) {}

  /** The project, when the actor may read its merge requests (GitLab answers 404 otherwise). */
  async project(actor: Actor | null, idOrPath: string | number): Promise<{ project: Project; facts: ProjectFacts }> {
    const { project, facts } = await this.projects.findReadable(actor, idOrPath);
    if (!canReadMergeRequests(actor, facts)) throw new AppError('PROJECT_NOT_FOUND');
    return { project, facts };
  }

  async findReadable(actor: Actor | null, idOrPath: string | number, iid: number | null, m: Queryable = this.ds): Promise<LoadedMergeRequest> {
    const { project, facts } = await this.project(actor, idOrPath);
    const mr = iid === null ? null : await mergeRequestByIid(m, project.id, iid);
    if (!mr) throw new AppError('MERGE_REQUEST_NOT_FOUND');
    return { project, facts, mr };
  }

  /** By database id (gid://tandem/MergeRequest/N), readable by the actor. */
  async byId(actor: Actor | null, id: number): Promise<LoadedMergeRequest> {
    const mr = await mergeRequestById(this.ds, id);
    if (!mr) throw new AppError('MERGE_REQUEST_NOT_FOUND');
    return this.findReadable(actor, mr.targetProjectId, mr.iid);
  }

  /** By database id (a page's issuable_id) in the project the path names, readable by the actor. */
  async byIdIn(actor: Actor | null, idOrPath: string | number, id: number): Promise<LoadedMergeRequest> {
    const { project, facts } = await this.project(actor, idOrPath);
    const mr = await mergeRequestById(this.ds, id);
    if (!mr || mr.targetProjectId !== project.id) throw new AppError('MERGE_REQUEST_NOT_FOUND');
    return { project, facts, mr };
  }

  /** The row again (after a write). */
  async reload(l: LoadedMergeRequest, m: Queryable = this.ds): Promise<LoadedMergeRequest> {
    const mr = await mergeRequestById(m, l.mr.id);
    if (!mr) throw new AppError('MERGE_REQUEST_NOT_FOUND');
    return { ...l, mr };
  }

  static can(actor: Actor | null, ability: MergeRequestAbility, l: Pick<LoadedMergeRequest, 'facts'> & { mr: MergeRequestRow | null }): boolean {
    return canMergeRequest(actor, ability, l.facts, l.mr ? mergeRequestFacts(l.mr) : null);
  }

  /** 401 for anonymous, 403 for a reader without the right. */
  static authorize(actor: Actor | null, ability: MergeRequestAbility, l: Pick<LoadedMergeRequest, 'facts'> & { mr: MergeRequestRow | null }): void {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (!MergeRequestLoader.can(actor, ability, l)) throw new AppError('FORBIDDEN');
  }
}
