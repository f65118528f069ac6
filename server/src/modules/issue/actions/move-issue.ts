import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { canProject, type Actor, type ProjectFacts } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { AVAILABLE_LABELS_SQL } from '../../label/label.service';
import type { Project } from '../../project/project.entity';
import { ProjectService } from '../../project/project.service';
import type { IssueCreateInput } from '../fields/issue-input';
import { authorizeOnIssue, type IssueContext } from '../issue-context';
import type { Issue } from '../issue.entity';
import { issueWebPath } from '../issue.mapper';
import { IssueLoader } from '../issue.loader';
import { CreateIssueAction } from './create-issue';
import { UpdateIssueAction } from './update-issue';

/** GitLab's refusals of a move (Issues::MoveService), as its API words them. */
export const MOVE_ERRORS = {
  sameProject: 'Cannot move issue to project it originates from!',
  permissions: 'Cannot move issue due to insufficient permissions!',
  alreadyMoved: 'Cannot move issue, it has already been moved!',
} as const;

export interface MoveResult {
  issue: Issue;
  project: Project;
  /** The mover's access to the target project. */
  facts: ProjectFacts;
}

/**
 * Moves an issue to another project (GitLab's Issues::MoveService): the mover must admin the
 * original and be able to create issues in the target. The copy gets the title, description,
 * confidentiality and type, and (when the mover triages issues there) the labels that exist
 * there by title, the assignees who can see it there, the due date and the weight; it notes
 * "moved from <ref>", and a service-desk issue's external author (service_desk_reply_to). The original notes "moved to <ref>", is closed and points at the copy
 * (moved_to_id). All of it is one transaction: a failure anywhere leaves neither a copy nor a
 * mark on the original; both issues' events are published after its COMMIT, so both pages are live.
 */
@Injectable()
export class MoveIssueAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly loader: IssueLoader,
    private readonly projects: ProjectService,
    private readonly createIssue: CreateIssueAction,
    private readonly updateIssue: UpdateIssueAction,
    private readonly events: EventLogService,
  ) {}

  async execute(actor: Actor | null, source: IssueContext, targetRef: string | number): Promise<MoveResult> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    authorizeOnIssue(actor, 'admin_issue', source);
    if (source.issue.movedToId !== null) throw new ValidationError({ base: [MOVE_ERRORS.alreadyMoved] });
    const { project: target, facts } = await this.projects.findReadable(actor, targetRef);
    if (target.id === source.project.id) throw new ValidationError({ base: [MOVE_ERRORS.sameProject] });
    if (!canProject(actor, 'create_issue', facts)) throw new ValidationError({ base: [MOVE_ERRORS.permissions] });

    const from = source.issue;
    const input = await this.copyInput(actor, source, target, facts);
    const prepared = await this.createIssue.prepare(actor, target, facts, input);
    // One transaction: the copy, its note, the original's note, close and link, or nothing
    return this.events.transaction(async (tx) => {
      // The original locked first: two moves at once make one copy
      const locked = await this.loader.contextFor(source.project, source.projectFacts, from.iid, tx.manager, { lock: true });
      if (!locked) throw new AppError('ISSUE_NOT_FOUND');
      if (locked.issue.movedToId !== null) throw new ValidationError({ base: [MOVE_ERRORS.alreadyMoved] });
      const copy = await this.createIssue.executeInTx(tx, actor, target, facts, prepared.input);
      // The copy keeps the original's author and creation time (GitLab's move); the mover is named in the system notes
      await tx.manager.query('UPDATE issues SET author_id = $1, created_at = $2 WHERE id = $3', [locked.issue.authorId, locked.issue.createdAt, copy.id]);
      copy.authorId = locked.issue.authorId;
      copy.createdAt = locked.issue.createdAt;
      // A service-desk issue keeps its external author (mails to it follow the target's Service Desk setting)
      if (locked.issue.serviceDeskReplyTo) {
        // and its reply address: their replies reach the copy, not the closed original
        await tx.manager.query('UPDATE issues SET service_desk_reply_key = NULL WHERE id = $1', [locked.issue.id]);
        await tx.manager.query('UPDATE issues SET service_desk_reply_to = $1, service_desk_reply_key = $2 WHERE id = $3', [locked.issue.serviceDeskReplyTo, locked.issue.serviceDeskReplyKey, copy.id]);
        copy.serviceDeskReplyTo = locked.issue.serviceDeskReplyTo;
        copy.serviceDeskReplyKey = locked.issue.serviceDeskReplyKey;
      }
      const copyCtx = await this.loader.contextFor(target, facts, copy.iid, tx.manager);
      if (!copyCtx) throw new AppError('ISSUE_NOT_FOUND');
      await this.updateIssue.executeInTx(tx, actor, copyCtx, { movedFrom: `${source.project.fullPath}#${from.iid}` });
      await this.updateIssue.executeInTx(tx, actor, locked, {
        movedTo: { id: copy.id, reference: `${target.fullPath}#${copy.iid}`, webUrl: `${this.config.publicUrl}${issueWebPath(target.fullPath, copy.iid)}` },
        ...(locked.issue.state === 'opened' ? { stateEvent: 'close' as const } : {}),
      });
      return { issue: copy, project: target, facts };
    });
  }

  /**
   * What a copy of the issue in `target` gets (a move's and a clone's): title, description,
   * confidentiality and type, and, where the actor may set it there (reporters and up), the due
   * date, weight, labels that exist there by title and the assignees who can see it there.
   */
  async copyInput(actor: Actor, source: IssueContext, target: Project, facts: ProjectFacts): Promise<IssueCreateInput> {
    const from = source.issue;
    const input: IssueCreateInput = {
      title: from.title,
      description: from.description,
      confidential: from.confidential,
      issueType: from.issueType,
    };
    if (canProject(actor, 'read_confidential_issues', facts)) {
      if (from.dueDate !== null) input.dueDate = from.dueDate;
      if (from.weight !== null) input.weight = from.weight;
      const labelIds = await this.labelsThere(from.id, target);
      if (labelIds.length) input.labels = { set: labelIds.map((id) => ({ id })) };
      const assignees = await this.assigneesThere(source.assigneeIds, target);
      if (assignees.length) input.assigneeIds = assignees;
    }
    return input;
  }

  /** The target's labels (its own and its groups') with the titles of the original's labels. */
  private async labelsThere(issueId: number, target: Project): Promise<number[]> {
    const rows = (await this.ds.query(
      `${AVAILABLE_LABELS_SQL} AND lower(l.title) IN (SELECT lower(sl.title) FROM label_links ll JOIN labels sl ON sl.id = ll.label_id WHERE ll.target_type = 'Issue' AND ll.target_id = $3)
       ORDER BY l.project_id NULLS LAST`,
      [target.id, target.namespaceId, issueId],
    )) as Array<{ id: number; title: string }>;
    // A project label wins over a group label of the same title
    const byTitle = new Map<string, number>();
    for (const r of rows) if (!byTitle.has(r.title.toLowerCase())) byTitle.set(r.title.toLowerCase(), Number(r.id));
    return [...byTitle.values()];
  }

  /** The original's assignees who can see issues of the target (everyone, unless it is private). */
  private async assigneesThere(ids: number[], target: Project): Promise<number[]> {
    if (target.visibility !== 'private') return ids;
    const out: number[] = [];
    for (const id of ids) if ((await this.projects.accessLevel(id, target)) > 0) out.push(id);
    return out;
  }
}
