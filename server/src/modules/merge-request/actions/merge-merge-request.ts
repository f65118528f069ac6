import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MERGE_REQUEST_ERRORS } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import { canProject, type Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { issueNoteable } from '../../issue/issue-context';
import { writeSystemNotes } from '../../note/note-writer';
import { MergeConflictError, RepositoryError, RepositoryService, type MergeResult } from '../../repository';
import { mergeRequestIssueNotes, mergeRequestNotes, relatedCount } from '../merge-request-links';
import { MergeRequestLoader, type LoadedMergeRequest } from '../merge-request.loader';
import { forkSourceFacts, liveSourceHead } from '../merge-request-source';
import { mergeRequestNoteable, mergeRequestReference } from '../merge-request.mapper';
import type { MergeInput } from '../merge-request.validation';
import { actorBasic } from './update-merge-request';

/**
 * Merges a merge request (GitLab's MergeRequests::MergeService, PUT .../merge): a real git merge
 * through the repository port (a merge commit, or a fast-forward when the project's merge method
 * is `ff`), of the source head the request was checked against (`sha`: 409 when the branch moved).
 * Only after the target ref moved is the merge request marked merged, with its "merged" note and
 * event; merging into the default branch then closes the issues its description closes ("closed
 * via merge request !N"), each live on its own page. Conflicts: 406, refs untouched.
 */
@Injectable()
export class MergeMergeRequestAction {
  private readonly log = new Logger('MergeMergeRequestAction');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: MergeRequestLoader,
    private readonly repos: RepositoryService,
    private readonly markdown: MarkdownService,
    private readonly events: EventLogService,
  ) {}

  async execute(actor: Actor | null, l: LoadedMergeRequest, input: MergeInput): Promise<LoadedMergeRequest> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (!MergeRequestLoader.can(actor, 'read_merge_request', l)) throw new AppError('MERGE_REQUEST_NOT_FOUND');
    if (l.mr.state !== 'opened') throw new AppError('MERGE_NOT_ALLOWED');
    if (!MergeRequestLoader.can(actor, 'merge_merge_request', l)) throw new AppError('UNAUTHORIZED');
    const { mr, project } = l;
    const repo = await this.repos.open(project.id);
    // From a fork: the fork's branch now, fetched into this repository's merge request ref
    const sourceSha = await liveSourceHead(this.repos, repo, mr);
    if (!sourceSha) throw new AppError('MERGE_CONFLICT');
    if (input.sha && !sourceSha.startsWith(input.sha)) throw new AppError('MERGE_SHA_MISMATCH', MERGE_REQUEST_ERRORS.shaMismatch(sourceSha));
    const author = await actorBasic(this.ds, actor, this.config.publicUrl);
    const [{ merge_method: method }] = (await this.ds.query('SELECT merge_method FROM projects WHERE id = $1', [project.id])) as [{ merge_method: 'merge' | 'ff' }];
    const squash = input.squash ?? mr.squash;
    let result: MergeResult;
    try {
      result = await repo.merge({
        targetBranch: mr.targetBranch,
        sourceSha,
        method: method === 'ff' ? 'ff' : 'merge',
        squash,
        message: input.mergeCommitMessage || `Merge branch '${mr.sourceBranch}' into '${mr.targetBranch}'\n\n${mr.title}\n\nSee merge request ${project.fullPath}!${mr.iid}`,
        squashMessage: input.squashCommitMessage || mr.title,
        author: { name: author.name, email: `${author.username}@users.noreply.tandem` },
      });
    } catch (e) {
      if (e instanceof MergeConflictError || (e instanceof RepositoryError && (e.kind === 'conflict' || e.kind === 'stale_ref' || e.kind === 'not_found'))) throw new AppError('MERGE_CONFLICT');
      throw e;
    }
    // The ref moved: from here the merge request is merged, whatever else happens
    await this.repos.refsChanged({ projectId: project.id, actorId: actor.id, updates: [{ ref: `refs/heads/${mr.targetBranch}`, oldSha: result.oldSha, newSha: result.sha }], source: 'merge' });
    const defaultBranch = await repo.defaultBranch();
    await this.events.transaction(async (tx) => {
      const [row] = (await tx.manager.query(
        `WITH u AS (UPDATE merge_requests SET state = 'merged', merged_at = now(), merged_by_id = $2, merge_commit_sha = $3, squash_commit_sha = $4, head_sha = $5, squash = $6,
           should_remove_source_branch = COALESCE($7, should_remove_source_branch), lock_version = lock_version + 1, updated_at = now()
         WHERE id = $1 AND state = 'opened' RETURNING merged_at, lock_version, updated_at, should_remove_source_branch) SELECT * FROM u`,
        [mr.id, actor.id, result.mergeCommitSha ?? (result.fastForward ? result.sha : null), result.squashCommitSha, sourceSha, squash, input.shouldRemoveSourceBranch ?? null],
      )) as Array<{ merged_at: Date; lock_version: number; updated_at: Date; should_remove_source_branch: boolean }>;
      if (!row) throw new AppError('MERGE_NOT_ALLOWED');
      const noteable = mergeRequestNoteable(mr, project.fullPath);
      const env = { markdown: this.markdown, publicUrl: this.config.publicUrl };
      await writeSystemNotes(tx, env, noteable, project.id, author, [mergeRequestNotes.merged()], project.fullPath);
      tx.recordLater(
        noteable,
        'merge_request.updated',
        { fields: { state: 'merged', merged_at: new Date(row.merged_at).toISOString(), merged_by: author, merge_commit_sha: result.mergeCommitSha ?? result.sha, lock_version: Number(row.lock_version), updated_at: new Date(row.updated_at).toISOString() } },
        author,
      );
      if (mr.targetBranch !== defaultBranch) return;
      // GitLab closes the issues a merge into the default branch closes
      const closing = (await tx.manager.query(
        `WITH u AS (UPDATE issues i SET state = 'closed', closed_at = now(), closed_by_id = $2, lock_version = lock_version + 1, updated_at = now()
         FROM merge_requests_closing_issues c JOIN projects p ON true WHERE c.merge_request_id = $1 AND c.issue_id = i.id AND p.id = i.project_id AND i.state = 'opened'
         RETURNING i.id, i.iid, i.project_id, p.full_path, i.closed_at, i.lock_version, i.updated_at) SELECT * FROM u`,
        [mr.id, actor.id],
      )) as Array<{ id: number; iid: number; project_id: number; full_path: string; closed_at: Date; lock_version: number; updated_at: Date }>;
      for (const i of closing) {
        const issue = issueNoteable({ id: Number(i.id), iid: Number(i.iid) } as never, { fullPath: i.full_path } as never);
        await writeSystemNotes(tx, env, issue, Number(i.project_id), author, [mergeRequestIssueNotes.closedVia(mergeRequestReference(project.fullPath, mr.iid, i.full_path))], i.full_path);
        tx.recordLater(
          issue,
          'issue.updated',
          { fields: { state: 'closed', closed_at: new Date(i.closed_at).toISOString(), closed_by: author, lock_version: Number(i.lock_version), updated_at: new Date(i.updated_at).toISOString() } },
          author,
        );
        tx.recordLater(issue, 'issue.merge_requests', { count: await relatedCount(tx.manager, Number(i.id)) }, author);
      }
      // Issues that only mention it see its new state on their cards
      const mentioned = (await tx.manager.query(
        `SELECT DISTINCT i.id, i.iid, p.full_path FROM notes n JOIN issues i ON i.id = n.noteable_id JOIN projects p ON p.id = i.project_id
         WHERE n.noteable_type = 'Issue' AND n.system AND n.note IN ($1, $2) AND NOT (i.id = ANY($3::int[]))`,
        [`mentioned in merge request !${mr.iid}`, `mentioned in merge request ${project.fullPath}!${mr.iid}`, closing.map((c) => Number(c.id))],
      )) as Array<{ id: number; iid: number; full_path: string }>;
      for (const i of mentioned) tx.recordLater(issueNoteable({ id: Number(i.id), iid: Number(i.iid) } as never, { fullPath: i.full_path } as never), 'issue.merge_requests', { count: await relatedCount(tx.manager, Number(i.id)) }, author);
    });
    const merged = await this.loader.reload(l);
    // GitLab's can_remove_source_branch?: who may push where the branch lives (a fork: their rights there)
    const fork = await forkSourceFacts(this.loader.projects, actor, mr);
    if (merged.mr.shouldRemoveSourceBranch && (!fork || canProject(actor, 'push_code', fork.facts))) {
      try {
        await (fork ? await this.repos.open(mr.sourceProjectId) : repo).deleteBranch(mr.sourceBranch, sourceSha);
        await this.repos.refsChanged({ projectId: mr.sourceProjectId, actorId: actor.id, updates: [{ ref: `refs/heads/${mr.sourceBranch}`, oldSha: sourceSha, newSha: '0'.repeat(40) }], source: 'api' });
      } catch (e) {
        // The merge stands; a source branch that moved meanwhile is kept (GitLab's rule)
        this.log.warn(`source branch ${mr.sourceBranch} kept: ${(e as Error).message}`);
      }
    }
    return merged;
  }
}
