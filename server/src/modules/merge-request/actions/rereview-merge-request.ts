import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ReviewState, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { ValidationError } from '../../../core/errors/app-error';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService, type Tx } from '../../../core/realtime/event-log.service';
import { writeSystemNotes } from '../../note/note-writer';
import { systemNotes } from '../../note/system-notes';
import { MergeRequestLoader, type LoadedMergeRequest } from '../merge-request.loader';
import { mergeRequestNoteable, userBasicOf } from '../merge-request.mapper';
import { actorBasic } from './update-merge-request';

/**
 * Sets one reviewer's review state in a write's transaction and tells open pages: a
 * `merge_request.updated` with the reviewers (and their states) as they now are. The merge
 * request's lock_version is not bumped (a review state is not an edit of its text).
 */
export async function setReviewState(tx: Tx, publicUrl: string, l: LoadedMergeRequest, userId: number, state: Exclude<ReviewState, 'review_started'>, author: UserBasic): Promise<boolean> {
  const changed = (await tx.manager.query(
    `WITH u AS (UPDATE merge_request_reviewers SET state = $3 WHERE merge_request_id = $1 AND user_id = $2 AND state <> $3 RETURNING 1) SELECT count(*)::int AS n FROM u`,
    [l.mr.id, userId, state],
  )) as Array<{ n: number }>;
  if (!changed[0]?.n) return false;
  const reviewers = (await tx.manager.query(
    `SELECT u.id, u.username, u.name, u.avatar_url, u.state, r.state AS review_state FROM merge_request_reviewers r JOIN users u ON u.id = r.user_id WHERE r.merge_request_id = $1 ORDER BY r.position, u.id`,
    [l.mr.id],
  )) as Array<{ id: number; username: string; name: string; avatar_url: string | null; state: string; review_state: string }>;
  const [row] = (await tx.manager.query('SELECT lock_version, updated_at FROM merge_requests WHERE id = $1', [l.mr.id])) as Array<{ lock_version: number; updated_at: Date }>;
  tx.recordLater(
    mergeRequestNoteable(l.mr, l.project.fullPath),
    'merge_request.updated',
    {
      fields: {
        reviewers: reviewers.map((r) => ({ ...userBasicOf({ ...r, id: Number(r.id) }, publicUrl), review_state: r.review_state })),
        lock_version: Number(row!.lock_version),
        updated_at: new Date(row!.updated_at).toISOString(),
      },
    },
    author,
  );
  return true;
}

/**
 * Re-request review (GitLab's mergeRequestReviewerRereview): a reviewer who has reviewed is
 * asked again; their state goes back to unreviewed, with GitLab's "requested review from @user"
 * note, live. update_merge_request; the user must be one of the merge request's reviewers.
 */
@Injectable()
export class RereviewAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly markdown: MarkdownService,
    private readonly events: EventLogService,
    private readonly loader: MergeRequestLoader,
  ) {}

  async execute(actor: Actor | null, l: LoadedMergeRequest, userId: number): Promise<LoadedMergeRequest> {
    MergeRequestLoader.authorize(actor, 'update_merge_request', l);
    const reviewer = l.mr.reviewers.find((r) => r.id === userId);
    if (!reviewer) throw new ValidationError({ user_id: ['is not a reviewer of this merge request'] });
    const author = await actorBasic(this.ds, actor!, this.config.publicUrl);
    await this.events.transaction(async (tx) => {
      if (await setReviewState(tx, this.config.publicUrl, l, userId, 'unreviewed', author)) {
        await writeSystemNotes(tx, { markdown: this.markdown, publicUrl: this.config.publicUrl }, mergeRequestNoteable(l.mr, l.project.fullPath), l.project.id, author, [systemNotes.reviewers([reviewer], [])], l.project.fullPath);
      }
    });
    return this.loader.reload(l);
  }
}
