import { Injectable } from '@nestjs/common';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { canProject, type Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { ProjectService } from '../../project/project.service';
import { authorizeOnIssue, type IssueContext } from '../issue-context';
import { IssueLoader } from '../issue.loader';
import { CreateIssueAction } from './create-issue';
import { MoveIssueAction, type MoveResult } from './move-issue';
import { UpdateIssueAction } from './update-issue';

/** Why a clone is refused (GitLab's /clone messages). */
export const CLONE_ERRORS = { permissions: 'Unable to clone. Insufficient permissions.' } as const;

/**
 * Clones an issue into a project (GitLab's Issues::CloneService, without comments): the copy
 * gets what a move's copy gets (MoveIssueAction.copyInput) and notes "cloned from <ref>"; the
 * original stays open and notes "cloned to <ref>". Needs admin_issue on the original and
 * create_issue in the target (which may be the issue's own project). One transaction; both
 * issues' events are published after its COMMIT.
 */
@Injectable()
export class CloneIssueAction {
  constructor(
    private readonly loader: IssueLoader,
    private readonly projects: ProjectService,
    private readonly move: MoveIssueAction,
    private readonly createIssue: CreateIssueAction,
    private readonly updateIssue: UpdateIssueAction,
    private readonly events: EventLogService,
  ) {}

  async execute(actor: Actor | null, source: IssueContext, targetRef: string | number): Promise<MoveResult> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    authorizeOnIssue(actor, 'admin_issue', source);
    const { project: target, facts } = await this.projects.findReadable(actor, targetRef);
    if (!canProject(actor, 'create_issue', facts)) throw new ValidationError({ base: [CLONE_ERRORS.permissions] });
    const prepared = await this.createIssue.prepare(actor, target, facts, await this.move.copyInput(actor, source, target, facts));
    const from = source.issue;
    return this.events.transaction(async (tx) => {
      const copy = await this.createIssue.executeInTx(tx, actor, target, facts, prepared.input);
      const copyCtx = await this.loader.contextFor(target, facts, copy.iid, tx.manager);
      const original = await this.loader.contextFor(source.project, source.projectFacts, from.iid, tx.manager, { lock: true });
      if (!copyCtx || !original) throw new AppError('ISSUE_NOT_FOUND');
      const ref = (project: string, iid: number, seenFrom: string) => (project.toLowerCase() === seenFrom.toLowerCase() ? `#${iid}` : `${project}#${iid}`);
      await this.updateIssue.executeInTx(tx, actor, copyCtx, { clonedFrom: ref(source.project.fullPath, from.iid, target.fullPath) });
      await this.updateIssue.executeInTx(tx, actor, original, { clonedTo: ref(target.fullPath, copy.iid, source.project.fullPath) });
      return { issue: copy, project: target, facts };
    });
  }
}
