import { Inject, Injectable } from '@nestjs/common';
import type { IssueFieldsChanged } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import { loadLabelLookup } from '../../../core/markdown/label-lookup';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import { canProject, creatableIssueType, type Actor, type ProjectFacts } from '../../../core/policy/policy';
import { EventLogService, type Tx } from '../../../core/realtime/event-log.service';
import { LabelService } from '../../label/label.service';
import type { Project } from '../../project/project.entity';
import { ProjectService } from '../../project/project.service';
import { User } from '../../user/user.entity';
import { toUserBasic } from '../../user/user.mapper';
import { ISSUE_FIELDS } from '../fields';
import type { FieldEnv } from '../fields/issue-field';
import type { IssueCreateInput } from '../fields/issue-input';
import { issueFacts, issueNoteable } from '../issue-context';
import { Issue } from '../issue.entity';
import { DescriptionVersionStore } from '../../note/description-versions/description-version.store';
import { QuickActionInterpreter } from '../../note/quick-actions/quick-action-interpreter';
import { SpamCheckService } from '../../spam/spam-check.service';

/** Fields anyone who may create an issue may set; the rest is metadata for reporters and up. */
const OPEN_TO_AUTHORS = new Set(['title', 'description', 'confidential', 'issueType']);

/** Creates an issue: the next iid, the row, its labels and assignees, and `issue.created`. */
@Injectable()
export class CreateIssueAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
    private readonly markdown: MarkdownService,
    private readonly labels: LabelService,
    private readonly projects: ProjectService,
    private readonly quickActions: QuickActionInterpreter,
    private readonly descriptionVersions: DescriptionVersionStore,
    private readonly spam: SpamCheckService,
  ) {}

  async execute(actor: Actor | null, project: Project, projectFacts: ProjectFacts, input: IssueCreateInput): Promise<Issue> {
    const prepared = await this.prepare(actor, project, projectFacts, input);
    // A new issue the spam check flags needs a captcha first (nothing is written); a move's copy is not checked
    await this.spam.check(prepared.actor, { noteableType: 'Issue', entity: 'issue', issueId: null, title: prepared.input.title, description: prepared.input.description ?? null });
    return this.events.transaction((tx) => this.executeInTx(tx, prepared.actor, project, projectFacts, prepared.input));
  }

  /** The policy checks and the description's quick actions, before any write (the input executeInTx takes). */
  async prepare(actor: Actor | null, project: Project, projectFacts: ProjectFacts, input: IssueCreateInput): Promise<{ actor: Actor; input: IssueCreateInput }> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (!canProject(actor, 'create_issue', projectFacts)) throw new AppError('FORBIDDEN');
    const metadata = ISSUE_FIELDS.some((f) => !OPEN_TO_AUTHORS.has(f.key) && input[f.key as keyof IssueCreateInput] !== undefined);
    if (metadata && !canProject(actor, 'read_confidential_issues', projectFacts)) throw new AppError('FORBIDDEN');
    const prepared = await this.withDescriptionQuickActions(actor, project, projectFacts, input);
    // An incident (or test case) asked for by someone who may not open one is a plain issue (GitLab's BuildService)
    const issueType = prepared.issueType === undefined ? undefined : creatableIssueType(actor, prepared.issueType, projectFacts);
    return { actor, input: issueType === prepared.issueType ? prepared : { ...prepared, issueType } };
  }

  /** Inserts a prepared issue in the caller's transaction (a move writes its copy with the original's change); `issue.created` is published after its COMMIT. */
  async executeInTx(tx: Tx, actor: Actor, project: Project, projectFacts: ProjectFacts, input: IssueCreateInput): Promise<Issue> {
    const m = tx.manager;
    const render = { projectPath: project.fullPath, labelExists: await loadLabelLookup(m, project.id, input.title, input.description) };
    const [rows] = (await m.query('UPDATE projects SET last_issue_iid = last_issue_iid + 1 WHERE id = $1 RETURNING last_issue_iid', [project.id])) as [Array<{ last_issue_iid: number }>, number];
    const repo = m.getRepository(Issue);
    const issue = await repo.save(
      repo.create({
        projectId: project.id,
        iid: rows[0]!.last_issue_iid,
        issueType: input.issueType ?? 'issue',
        title: input.title,
        description: input.description ?? null,
        descriptionHtml: this.markdown.render(input.description, render),
        state: 'opened',
        confidential: input.confidential ?? false,
        discussionLocked: input.discussionLocked ?? false,
        lockVersion: 0,
        authorId: actor.id,
        updatedById: actor.id,
        dueDate: input.dueDate ?? null,
        weight: input.weight ?? null,
        severity: 'UNKNOWN',
        timeEstimate: 0,
        totalTimeSpent: 0,
        eventSeq: 0,
      }),
    );
    await this.descriptionVersions.recordInitial(m, issue.id, actor.id, issue.description);
    const author = await m.getRepository(User).findOneByOrFail({ id: actor.id });
    const env: FieldEnv = {
      actor,
      actorBasic: toUserBasic(author, this.config.publicUrl),
      markdown: this.markdown,
      render,
      labels: this.labels,
      publicUrl: this.config.publicUrl,
      projects: this.projects,
    };
    // Side-table fields (labels, assignees) write as they do on update; a new issue gets no system notes for them
    const ctx = { project, projectFacts, issue, assigneeIds: [], facts: issueFacts(issue, []) };
    for (const field of ISSUE_FIELDS) {
      const value = input[field.key as keyof IssueCreateInput];
      if (field.write && value !== undefined) await field.write(value as never, tx, ctx, env);
      // A column naming another row (milestone, iteration): read it in this transaction, set it
      if (field.resolve && field.plan && value !== undefined) {
        const change = field.plan(value as never, issue, env, await field.resolve(value as never, ctx, tx, { fresh: true }));
        if (change) await repo.update(issue.id, change.set as Parameters<typeof repo.update>[1]);
      }
    }
    const fresh = await repo.findOneByOrFail({ id: issue.id });
    // Rows that follow from the issue as written (an incident's SLA)
    for (const field of ISSUE_FIELDS) if (field.afterWrite && input[field.key as keyof IssueCreateInput] !== undefined) await field.afterWrite(fresh, null, tx, { env, project });
    const fields: IssueFieldsChanged = { lock_version: fresh.lockVersion, updated_at: fresh.updatedAt.toISOString(), updated_by: env.actorBasic };
    for (const field of ISSUE_FIELDS) Object.assign(fields, field.event?.(fresh, env));
    await tx.record(issueNoteable(fresh, project), 'issue.created', { fields }, env.actorBasic);
    return fresh;
  }

  /**
   * Quick actions in the new issue's description (GitLab's /label, /assign, /due, ... on
   * create): the commands the author may run on their new issue become its fields, and the
   * description is stored without them; they win over the request's own values for those fields.
   */
  private async withDescriptionQuickActions(actor: Actor, project: Project, projectFacts: ProjectFacts, input: IssueCreateInput): Promise<IssueCreateInput> {
    if (typeof input.description !== 'string' || !input.description.includes('/')) return input;
    const issue = { state: 'opened' as const, title: input.title, confidential: input.confidential ?? false, discussionLocked: false, dueDate: null, weight: null, timeEstimate: 0, totalTimeSpent: 0, zoomMeetingUrl: null, authorId: actor.id };
    const qa = await this.quickActions.interpretText(actor, { project, projectFacts, issue, assigneeIds: [], creating: true }, input.description);
    if (!qa) return input;
    // Metadata only for reporters and up, as the fields a request names (the planner checked the issue abilities)
    const triager = canProject(actor, 'read_confidential_issues', projectFacts);
    const fields = Object.fromEntries(Object.entries(qa.input).filter(([k]) => k !== 'stateEvent' && k !== 'title' && (triager || OPEN_TO_AUTHORS.has(k))));
    return { ...input, ...fields, description: qa.body };
  }
}
