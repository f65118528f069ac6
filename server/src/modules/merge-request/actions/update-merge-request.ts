import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { MergeRequestFieldsChanged, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import { canProject, type Actor } from '../../../core/policy/policy';
import { EventLogService, type Tx } from '../../../core/realtime/event-log.service';
import { DescriptionVersionStore } from '../../note/description-versions/description-version.store';
import { writeSystemNotes } from '../../note/note-writer';
import { systemNotes, type SystemNoteText } from '../../note/system-notes';
import { RepositoryService } from '../../repository';
import { toUserBasic } from '../../user/user.mapper';
import { USER_COLUMNS, userFromRow, type UserRow } from '../../user/user.row';
import { refreshIssueLinks } from '../merge-request-links';
import { forkSourceFacts, isFromFork } from '../merge-request-source';
import { MergeRequestLoader, type LoadedMergeRequest } from '../merge-request.loader';
import { mergeRequestNoteable, toApiMergeRequest, userBasicOf } from '../merge-request.mapper';
import type { MergeRequestInput } from '../merge-request.validation';
import { checkMilestone, checkUsers, labelDetails, labelIdsFor, setAssignees, setLabels, setReviewers } from '../merge-request-writes';

/** The actor as notes and events name them. */
export async function actorBasic(m: Pick<DataSource, 'query'>, actor: Actor, publicUrl: string): Promise<UserBasic> {
  const [u] = (await m.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [actor.id])) as UserRow[];
  if (!u) throw new AppError('UNAUTHORIZED');
  return toUserBasic(userFromRow(u), publicUrl);
}

/**
 * Edits a merge request (GitLab's MergeRequests::UpdateService): title, description, target
 * branch, assignees, labels, milestone, squash, remove-source-branch, discussion lock, close and
 * reopen. update_merge_request (developers, the author); a merged one only takes its text. One
 * transaction: the row (lock_version checked and bumped), a system note per change, one
 * `merge_request.updated` event with the new values, and the issues it now names or closes.
 */
@Injectable()
export class UpdateMergeRequestAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: MergeRequestLoader,
    private readonly repos: RepositoryService,
    private readonly markdown: MarkdownService,
    private readonly events: EventLogService,
    private readonly versions: DescriptionVersionStore,
  ) {}

  async execute(actor: Actor | null, l: LoadedMergeRequest, input: MergeRequestInput): Promise<LoadedMergeRequest> {
    MergeRequestLoader.authorize(actor, 'update_merge_request', l);
    // The fork's facts are read before the transaction (PGlite has one connection)
    const mr = l.mr;
    const collaboration =
      input.allowCollaboration !== undefined && input.allowCollaboration !== mr.allowCollaboration && isFromFork(mr)
        ? await forkSourceFacts(this.loader.projects, actor, mr).then((source) => (source && canProject(actor, 'push_code', source.facts) ? input.allowCollaboration : undefined))
        : undefined;
    const changed = await this.events.transaction((tx) => this.write(tx, actor!, l, { ...input, allowCollaboration: collaboration }));
    return changed ? this.loader.reload(l) : l;
  }

  /**
   * The same edit in a caller's transaction (a comment's or a review's quick actions): every
   * read on its connection, the system notes and event recorded in it. allow_collaboration is
   * not taken here. False when nothing changed.
   */
  async executeInTx(tx: Tx, actor: Actor, l: LoadedMergeRequest, input: MergeRequestInput): Promise<boolean> {
    MergeRequestLoader.authorize(actor, 'update_merge_request', l);
    return this.write(tx, actor, l, { ...input, allowCollaboration: undefined });
  }

  private async write(tx: Tx, actor: Actor, l: LoadedMergeRequest, input: MergeRequestInput): Promise<boolean> {
    const m = tx.manager;
    const { mr, project } = l;
    if (input.lockVersion !== undefined && input.lockVersion !== mr.lockVersion) throw new AppError('MERGE_REQUEST_STALE');
    const merged = mr.state === 'merged';
    if (merged && (input.targetBranch !== undefined || input.stateEvent !== undefined)) throw new ValidationError({ base: ['a merged merge request cannot change its target branch or state'] });
    if (input.targetBranch !== undefined && input.targetBranch !== mr.targetBranch) {
      if (input.targetBranch === mr.sourceBranch && !isFromFork(mr)) throw new ValidationError({ branch_conflict: ["You can't use same project/branch for source and target"] });
      if (!(await (await this.repos.open(project.id)).branch(input.targetBranch))) throw new ValidationError({ target_branch: ['does not exist'] });
    }
    // GitLab's add_labels and remove_labels apply after labels, to the labels it leaves
    let titles = input.labels;
    if (input.addLabels?.length || input.removeLabels?.length) {
      const removed = new Set((input.removeLabels ?? []).map((t) => t.toLowerCase()));
      const base = titles ?? mr.labels;
      titles = [...new Map([...base, ...(input.addLabels ?? [])].filter((t) => !removed.has(t.toLowerCase())).map((t) => [t.toLowerCase(), t])).values()];
      if (input.addLabels?.length) await labelIdsFor(m, project.id, input.addLabels);
    }
    const labels = titles !== undefined ? await labelIdsFor(m, project.id, titles) : null;
    if (input.assigneeIds) await checkUsers(m, input.assigneeIds);
    if (input.reviewerIds) await checkUsers(m, input.reviewerIds, 'reviewer_ids');
    if (input.milestoneId !== undefined) await checkMilestone(m, project.id, input.milestoneId);
    const author = await actorBasic(m, actor, this.config.publicUrl);
    const sets: string[] = [];
    const values: unknown[] = [];
    const set = (col: string, v: unknown) => {
      values.push(v);
      sets.push(`${col} = $${values.length}`);
    };
    const texts: SystemNoteText[] = [];
    const fields: Omit<MergeRequestFieldsChanged, 'lock_version' | 'updated_at'> = {};
    let descriptionChanged = false;
    if (input.title !== undefined && input.title !== mr.title) {
      if (!input.title) throw new ValidationError({ title: ["can't be blank"] });
      set('title', input.title);
      texts.push(systemNotes.titleChanged(mr.title, input.title));
      fields.title = input.title;
    }
    if (input.description !== undefined && (input.description ?? '') !== (mr.description ?? '')) {
      const html = this.markdown.render(input.description ?? '', { projectPath: project.fullPath });
      set('description', input.description);
      set('description_html', html);
      descriptionChanged = true;
      fields.description = input.description;
      fields.description_html = html;
    }
    if (input.targetBranch !== undefined && input.targetBranch !== mr.targetBranch) {
      set('target_branch', input.targetBranch);
      texts.push({ body: `changed target branch from \`${mr.targetBranch}\` to \`${input.targetBranch}\``, icon: 'pencil-square' });
      fields.target_branch = input.targetBranch;
    }
    if (input.milestoneId !== undefined && input.milestoneId !== (mr.milestone?.id ?? null)) set('milestone_id', input.milestoneId);
    if (input.squash !== undefined) set('squash', input.squash);
    // GitLab's can_allow_collaboration?: a fork's merge request, set by who may push to the fork (checked by execute); ignored otherwise
    if (input.allowCollaboration !== undefined) set('allow_collaboration', input.allowCollaboration);
    if (input.removeSourceBranch !== undefined) set('should_remove_source_branch', input.removeSourceBranch);
    if (input.discussionLocked !== undefined && input.discussionLocked !== mr.discussionLocked) {
      set('discussion_locked', input.discussionLocked);
      texts.push({ body: input.discussionLocked ? 'locked the discussion in this merge request' : 'unlocked the discussion in this merge request', icon: 'lock' });
    }
    if (input.stateEvent === 'close' && mr.state === 'opened') {
      values.push(actor.id);
      sets.push(`state = 'closed', closed_at = now(), closed_by_id = $${values.length}`);
      texts.push(systemNotes.closed());
      fields.state = 'closed';
    }
    if (input.stateEvent === 'reopen' && mr.state === 'closed') {
      sets.push(`state = 'opened', closed_at = NULL, closed_by_id = NULL`);
      texts.push(systemNotes.reopened());
      fields.state = 'opened';
    }
    const assigneesChanged = input.assigneeIds !== undefined && input.assigneeIds.join(',') !== mr.assignees.map((a) => a.id).join(',');
    const reviewersChanged = input.reviewerIds !== undefined && input.reviewerIds.join(',') !== mr.reviewers.map((a) => a.id).join(',');
    const labelsChanged = labels !== null && labels.map((x) => x.title.toLowerCase()).sort().join('\n') !== mr.labels.map((x) => x.toLowerCase()).sort().join('\n');
    if (!sets.length && !assigneesChanged && !reviewersChanged && !labelsChanged && input.milestoneId === undefined) return false;
    values.push(mr.id);
    const [row] = (await tx.manager.query(
      `WITH u AS (UPDATE merge_requests SET ${[...sets, 'lock_version = lock_version + 1', 'updated_at = now()'].join(', ')} WHERE id = $${values.length}${input.lockVersion !== undefined ? ` AND lock_version = ${Number(input.lockVersion)}` : ''} RETURNING updated_at, lock_version, closed_at) SELECT * FROM u`,
      values,
    )) as Array<{ updated_at: Date; lock_version: number; closed_at: Date | null }>;
    if (!row) throw new AppError('MERGE_REQUEST_STALE');
    if (assigneesChanged) await setAssignees(tx.manager, mr.id, input.assigneeIds!);
    if (reviewersChanged) await setReviewers(tx.manager, mr.id, input.reviewerIds!);
    if (labels !== null && labelsChanged) await setLabels(tx.manager, mr.id, labels.map((x) => x.id));
    const after = (await this.loader.reload(l, tx.manager)).mr;
    if (assigneesChanged) {
      const before = new Set(mr.assignees.map((a) => a.id));
      const now = new Set(after.assignees.map((a) => a.id));
      texts.push(systemNotes.assignees(after.assignees.filter((a) => !before.has(a.id)), mr.assignees.filter((a) => !now.has(a.id))));
      fields.assignees = after.assignees.map((a) => userBasicOf(a, this.config.publicUrl));
    }
    if (reviewersChanged) {
      const before = new Set(mr.reviewers.map((a) => a.id));
      const now = new Set(after.reviewers.map((a) => a.id));
      texts.push(systemNotes.reviewers(after.reviewers.filter((a) => !before.has(a.id)), mr.reviewers.filter((a) => !now.has(a.id))));
      fields.reviewers = after.reviewers.map((a) => ({ ...userBasicOf(a, this.config.publicUrl), review_state: a.review_state }));
    }
    if (labelsChanged) {
      const before = new Set(mr.labels.map((x) => x.toLowerCase()));
      const now = new Set(after.labels.map((x) => x.toLowerCase()));
      texts.push(systemNotes.labels(after.labels.filter((x) => !before.has(x.toLowerCase())).map((title) => ({ title })), mr.labels.filter((x) => !now.has(x.toLowerCase())).map((title) => ({ title }))));
      fields.labels = after.labels;
      fields.label_details = await labelDetails(tx.manager, mr.id);
    }
    if (input.milestoneId !== undefined && input.milestoneId !== (mr.milestone?.id ?? null)) {
      texts.push(systemNotes.milestone(after.milestone));
      fields.milestone = toApiMergeRequest(after, project.fullPath, this.config.publicUrl).milestone;
    }
    if (fields.state === 'closed') fields.closed_at = new Date(row.closed_at!).toISOString();
    const noteable = mergeRequestNoteable(mr, project.fullPath);
    if (descriptionChanged) {
      const version = await this.versions.recordChange(tx, { type: 'MergeRequest', id: mr.id }, actor.id, input.description ?? null, { description: mr.description, authorId: mr.authorId });
      if (!version.mergeIntoNoteId) texts.push({ ...systemNotes.descriptionChanged(), descriptionVersionId: version.versionId });
      else await this.versions.mergeNote(tx, noteable, version.mergeIntoNoteId, version.versionId, author);
    }
    await writeSystemNotes(tx, { markdown: this.markdown, publicUrl: this.config.publicUrl }, noteable, project.id, author, texts, project.fullPath);
    tx.recordLater(noteable, 'merge_request.updated', { fields: { ...fields, lock_version: Number(row.lock_version), updated_at: new Date(row.updated_at).toISOString() } }, author);
    if (descriptionChanged || fields.state || fields.title) await refreshIssueLinks(tx, { markdown: this.markdown, publicUrl: this.config.publicUrl }, project, after, author, mr.description);
    return true;
  }
}
