import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { writeSystemNotes } from '../../note/note-writer';
import { RepositoryService, ZERO_OID, type RefsChangedEvent } from '../../repository';
import { toUserBasic } from '../../user/user.mapper';
import { USER_COLUMNS, userFromRow, type UserRow } from '../../user/user.row';
import { mergeRequestNotes } from '../merge-request-links';
import { mergeRequestNoteable } from '../merge-request.mapper';
import { updateDiffNotePositions } from '../diffs/diff-note-positions';
import type { NewDiffFile } from '../diffs/position-tracer';

/**
 * New commits on a merge request's source branch (GitLab's MergeRequests::RefreshService): on the
 * repository's refs-changed hook, every open merge request from a branch that moved (in this
 * project, or in a fork: fetched into the target's merge request ref first) gets its new
 * head, an "added N commits" note, its diff notes traced to the new diff (diff-note-positions.ts)
 * and a `merge_request.updated` event (commits_changed), so its open page shows them without a reload.
 */
@Injectable()
export class RefreshMergeRequestsAction implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repos: RepositoryService,
    private readonly markdown: MarkdownService,
    private readonly events: EventLogService,
  ) {}

  onModuleInit(): void {
    this.repos.onRefsChanged((e) => this.refresh(e));
  }

  async refresh(e: RefsChangedEvent): Promise<void> {
    if (e.source === 'merge' || e.actorId === null) return;
    for (const u of e.updates) {
      if (!u.ref.startsWith('refs/heads/') || u.newSha === ZERO_OID) continue;
      const branch = u.ref.slice('refs/heads/'.length);
      const open = (await this.ds.query(
        `SELECT m.id, m.iid, m.head_sha, m.target_branch, m.target_project_id, p.full_path FROM merge_requests m JOIN projects p ON p.id = m.target_project_id
         WHERE m.source_project_id = $1 AND m.source_branch = $2 AND m.state = 'opened' AND m.head_sha IS DISTINCT FROM $3`,
        [e.projectId, branch, u.newSha],
      )) as Array<{ id: number; iid: number; head_sha: string | null; target_branch: string; target_project_id: number; full_path: string }>;
      if (!open.length) continue;
      const sourceRepo = await this.repos.open(e.projectId);
      const [row] = (await this.ds.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [e.actorId])) as UserRow[];
      if (!row) continue;
      const author = toUserBasic(userFromRow(row), this.config.publicUrl);
      for (const mr of open) {
        // From a fork: the new commits into the target's refs/merge-requests/<iid>/head first; then all is read there
        const targetId = Number(mr.target_project_id);
        const repo = targetId === e.projectId ? sourceRepo : await this.repos.open(targetId);
        if (repo !== sourceRepo && (await repo.fetchMergeRequestHead(sourceRepo, branch, Number(mr.iid), u.newSha)) !== u.newSha) continue;
        // The merge request's new diff (merge base of its target and the new head), for its diff notes
        const target = await repo.branch(mr.target_branch);
        const base = target ? await repo.mergeBase(target.commit.id, u.newSha) : null;
        const [active] = (await this.ds.query(`SELECT 1 AS one FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND position IS NOT NULL AND NOT position_outdated LIMIT 1`, [mr.id])) as unknown[];
        const newDiff: NewDiffFile[] = active && base && base !== u.newSha ? (await repo.diff(base, u.newSha)).map((f) => ({ oldPath: f.oldPath, newPath: f.newPath, diff: f.diff })) : [];
        const added = mr.head_sha && (await repo.resolve(mr.head_sha)) && (await repo.isAncestor(mr.head_sha, u.newSha)) ? await repo.countBetween(mr.head_sha, u.newSha) : 0;
        const commits = added > 0 ? (await repo.commits({ ref: u.newSha, from: mr.head_sha!, perPage: 100 })).reverse() : [];
        await this.events.transaction(async (tx) => {
          const [r] = (await tx.manager.query(
            `WITH u AS (UPDATE merge_requests SET head_sha = $2, lock_version = lock_version + 1, updated_at = now() WHERE id = $1 AND state = 'opened' RETURNING lock_version, updated_at) SELECT * FROM u`,
            [mr.id, u.newSha],
          )) as Array<{ lock_version: number; updated_at: Date }>;
          if (!r) return;
          const noteable = mergeRequestNoteable({ id: Number(mr.id), iid: Number(mr.iid) }, mr.full_path);
          if (added > 0) await writeSystemNotes(tx, { markdown: this.markdown, publicUrl: this.config.publicUrl }, noteable, targetId, author, [mergeRequestNotes.addedCommits(added, commits)], mr.full_path);
          await updateDiffNotePositions(tx, repo, Number(mr.id), { newDiff, refs: { base_sha: base, start_sha: base, head_sha: u.newSha } }, {
            noteable, publicUrl: this.config.publicUrl, actor: author,
          });
          tx.recordLater(noteable, 'merge_request.updated', { fields: { sha: u.newSha, commits_changed: true, lock_version: Number(r.lock_version), updated_at: new Date(r.updated_at).toISOString() } }, author);
        });
      }
    }
  }
}
