import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MERGE_REQUEST_ERRORS } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import { canCreateMergeRequestIn } from '../../../core/policy/merge-request-permissions';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { DescriptionVersionStore } from '../../note/description-versions/description-version.store';
import type { Project } from '../../project/project.entity';
import { RepositoryService } from '../../repository';
import { toUserBasic } from '../../user/user.mapper';
import { USER_COLUMNS, userFromRow, type UserRow } from '../../user/user.row';
import { refreshIssueLinks } from '../merge-request-links';
import { MergeRequestLoader } from '../merge-request.loader';
import { mergeRequestById, type MergeRequestRow } from '../merge-request.store';
import type { MergeRequestCreateInput } from '../merge-request.validation';
import { checkMilestone, checkUsers, labelDetails, labelIdsFor, setAssignees, setLabels, setReviewers } from '../merge-request-writes';
import { mergeRequestNoteable, toApiMergeRequest, userBasicOf } from '../merge-request.mapper';

/**
 * Opens a merge request (GitLab's MergeRequests::CreateService): developers of the project, from
 * an existing source branch into an existing, different target branch, one open merge request
 * per source and target; its head is the source branch's head now. With `target_project_id` an
 * upstream of the project, it goes there from the fork: the upstream's iid, its source commits
 * fetched into the upstream's `refs/merge-requests/<iid>/head` in the same transaction. In one transaction: the row
 * (iid from the project's counter), assignees, reviewers, labels, the first description version, the issues
 * it closes and the "mentioned in merge request" notes on the issues it names (live on them).
 */
@Injectable()
export class CreateMergeRequestAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: MergeRequestLoader,
    private readonly repos: RepositoryService,
    private readonly markdown: MarkdownService,
    private readonly events: EventLogService,
    private readonly versions: DescriptionVersionStore,
  ) {}

  async execute(actor: Actor | null, projectIdOrPath: string | number, input: MergeRequestCreateInput): Promise<{ mr: MergeRequestRow; projectPath: string; project: Project }> {
    // The route's project holds the source branch (GitLab's create_merge_request_from there)
    const { project: sourceProject, facts } = await this.loader.project(actor, projectIdOrPath);
    MergeRequestLoader.authorize(actor, 'create_merge_request', { facts, mr: null });
    const project = input.targetProjectId && input.targetProjectId !== sourceProject.id ? await this.upstreamTarget(actor, sourceProject, input.targetProjectId) : sourceProject;
    const fromFork = project.id !== sourceProject.id;
    if (!fromFork && input.sourceBranch === input.targetBranch) throw new ValidationError({ branch_conflict: ["You can't use same project/branch for source and target"] });
    const [sourceRepo, repo] = await Promise.all([this.repos.open(sourceProject.id), this.repos.open(project.id)]);
    const [source, target] = await Promise.all([sourceRepo.branch(input.sourceBranch), repo.branch(input.targetBranch)]);
    if (!source) throw new ValidationError({ source_branch: ['does not exist'] });
    if (!target) throw new ValidationError({ target_branch: ['does not exist'] });
    const labels = await labelIdsFor(this.ds, project.id, input.labels ?? []);
    await checkUsers(this.ds, input.assigneeIds ?? []);
    await checkUsers(this.ds, input.reviewerIds ?? [], 'reviewer_ids');
    await checkMilestone(this.ds, project.id, input.milestoneId ?? null);
    const id = await this.events.transaction(async (tx) => {
      const q = tx.manager;
      const [open] = (await q.query(`SELECT iid FROM merge_requests WHERE target_project_id = $1 AND source_project_id = $4 AND source_branch = $2 AND target_branch = $3 AND state = 'opened' LIMIT 1`, [
        project.id, input.sourceBranch, input.targetBranch, sourceProject.id,
      ])) as Array<{ iid: number }>;
      if (open) throw new AppError('MERGE_REQUEST_EXISTS', MERGE_REQUEST_ERRORS.alreadyExists(Number(open.iid)));
      const [{ iid }] = (await q.query('WITH u AS (UPDATE projects SET last_merge_request_iid = last_merge_request_iid + 1 WHERE id = $1 RETURNING last_merge_request_iid AS iid) SELECT iid FROM u', [project.id])) as [{ iid: number }];
      const html = this.markdown.render(input.description ?? '', { projectPath: project.fullPath });
      const [row] = (await q.query(
        `INSERT INTO merge_requests (target_project_id, source_project_id, iid, title, description, description_html, source_branch, target_branch, author_id, milestone_id, head_sha, squash, should_remove_source_branch, allow_collaboration)
         VALUES ($1, $13, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $14) RETURNING id`,
        [
          project.id, iid, input.title, input.description ?? null, html, input.sourceBranch, input.targetBranch, actor!.id, input.milestoneId ?? null, source.commit.id, input.squash ?? false,
          input.removeSourceBranch ?? false, sourceProject.id, fromFork && (input.allowCollaboration ?? false),
        ],
      )) as Array<{ id: number }>;
      // The fork's commits into the target's refs/merge-requests/<iid>/head (a rolled-back iid is fetched over by the next one)
      if (fromFork && !(await repo.fetchMergeRequestHead(sourceRepo, input.sourceBranch, Number(iid), source.commit.id))) throw new ValidationError({ source_branch: ['does not exist'] });
      const mrId = Number(row!.id);
      await setAssignees(q, mrId, input.assigneeIds ?? []);
      if (input.reviewerIds?.length) await setReviewers(q, mrId, input.reviewerIds);
      await setLabels(q, mrId, labels.map((l) => l.id));
      await this.versions.recordInitial(q, { type: 'MergeRequest', id: mrId }, actor!.id, input.description ?? null);
      const [u] = (await q.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [actor!.id])) as UserRow[];
      const mr = (await mergeRequestById(q, mrId))!;
      const author = toUserBasic(userFromRow(u!), this.config.publicUrl);
      await refreshIssueLinks(tx, { markdown: this.markdown, publicUrl: this.config.publicUrl }, project, mr, author, undefined);
      // Its fields as created open its stream: replaying it from seq 1 gives the merge request (its history, resource events)
      const api = toApiMergeRequest(mr, project.fullPath, this.config.publicUrl);
      tx.recordLater(
        mergeRequestNoteable(mr, project.fullPath),
        'merge_request.updated',
        {
          fields: {
            title: mr.title, description: mr.description, description_html: html, state: 'opened', target_branch: mr.targetBranch, labels: mr.labels,
            label_details: await labelDetails(q, mrId), assignees: api.assignees, milestone: api.milestone, lock_version: Number(mr.lockVersion), updated_at: api.updated_at,
            // Reviewers asked at opening (their new merge request mail names them; a later request compares with these)
            ...(mr.reviewers.length ? { reviewers: mr.reviewers.map((r) => ({ ...userBasicOf(r, this.config.publicUrl), review_state: r.review_state })) } : {}),
          },
        },
        author,
      );
      return mrId;
    });
    return { mr: (await mergeRequestById(this.ds, id))!, projectPath: project.fullPath, project };
  }

  /**
   * The project a fork's merge request goes to (GitLab's BuildService#find_target_project and
   * validate_fork): one the source was forked from (its upstream, or further up), readable by the
   * actor (404 otherwise) and open to their merge requests (create_merge_request_in, 403).
   */
  private async upstreamTarget(actor: Actor | null, source: Project, targetId: number): Promise<Project> {
    const { project: target, facts } = await this.loader.project(actor, targetId);
    const ancestors = (await this.ds.query(
      `WITH RECURSIVE up(id, depth) AS (SELECT forked_from_project_id, 1 FROM projects WHERE id = $1 AND forked_from_project_id IS NOT NULL
         UNION ALL SELECT p.forked_from_project_id, up.depth + 1 FROM projects p JOIN up ON p.id = up.id WHERE p.forked_from_project_id IS NOT NULL AND up.depth < 32)
       SELECT id FROM up`,
      [source.id],
    )) as Array<{ id: number }>;
    if (!ancestors.some((a) => Number(a.id) === target.id)) throw new ValidationError({ validate_fork: [MERGE_REQUEST_ERRORS.notAFork] });
    if (!canCreateMergeRequestIn(actor, facts)) throw new AppError('FORBIDDEN');
    return target;
  }
}
