import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { issuePermissions } from '../../../core/policy/issue-permissions';
import { canIssue, type Actor, type IssueFacts, type ProjectFacts } from '../../../core/policy/policy';
import { AVAILABLE_LABELS_SQL } from '../../label/label.service';
import { canEpic } from '../../../core/policy/policy';
import { ancestorGroupIds, epicLinkOfIssue, listEpics } from '../../epic/epic.store';
import { parseEpicRef } from '../../epic/epic-reference';
import { AVAILABLE_ITERATIONS_SQL } from '../../iteration/iteration.queries';
import { AVAILABLE_MILESTONES_SQL } from '../../milestone/milestone.queries';
import type { QuickActionFacts } from '../fields/quick-action';
import type { Project } from '../../project/project.entity';
import type { Issue } from '../../issue/issue.entity';
import { COMMENT_ONLY_COMMANDS, parseQuickActions, type QuickActionCommand } from './parse-quick-actions';
import { labelRefs, planQuickActions, userRefs, type QuickActionLookups, type QuickActionPlan, type QuickActionTarget } from './plan-quick-actions';

/** What the commands run against: an existing issue, or the one being created. */
export interface QuickActionSubject {
  project: Project;
  projectFacts: ProjectFacts;
  issue: Pick<Issue, 'state' | 'title' | 'confidential' | 'discussionLocked' | 'dueDate' | 'weight' | 'authorId' | 'timeEstimate' | 'totalTimeSpent' | 'zoomMeetingUrl'> &
    Partial<Pick<Issue, 'issueType' | 'severity' | 'healthStatus' | 'iterationId' | 'movedToId'>> & { id?: number; milestoneId?: number | null };
  assigneeIds: readonly number[];
  creating?: boolean;
}

export interface InterpretedText extends QuickActionPlan {
  /** The text without its command lines. */
  body: string;
  commands: QuickActionCommand[];
}

/**
 * Resolves what quick-action commands name (users, labels; one query each, only when a
 * command names them) and plans the issue change (plan-quick-actions.ts) with the actor's
 * abilities from the one policy module.
 */
@Injectable()
export class QuickActionInterpreter {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Parses a description and plans its commands; null when it has none (nothing to do, nothing
   * read). The commands only a comment runs (COMMENT_ONLY_COMMANDS) stay in the text.
   */
  async interpretText(actor: Actor, subject: QuickActionSubject, text: string, m?: EntityManager): Promise<InterpretedText | null> {
    const { body, commands } = parseQuickActions(text, { keep: COMMENT_ONLY_COMMANDS });
    if (!commands.length) return null;
    return { body, commands, ...(await this.plan(actor, subject, commands, m)) };
  }

  /** `facts`: what the commands of other modules depend on (the caller reads them: QuickActionsService). */
  async plan(actor: Actor, subject: QuickActionSubject, commands: readonly QuickActionCommand[], m: EntityManager = this.ds.manager, moduleFacts?: QuickActionFacts): Promise<QuickActionPlan> {
    const facts: IssueFacts = {
      confidential: subject.issue.confidential,
      authorId: subject.creating ? actor.id : subject.issue.authorId,
      assigneeIds: subject.assigneeIds,
      discussionLocked: subject.issue.discussionLocked,
      state: subject.issue.state,
    };
    const lookups = await this.lookups(subject, commands, m);
    const epics = await this.epicLookups(actor, subject, commands, m);
    const target: QuickActionTarget = {
      epicId: epics?.current ?? null,
      issue: subject.issue,
      assignees: subject.assigneeIds.map((id) => [...lookups.users.values()].find((u) => u.id === id) ?? { id, username: String(id) }),
      creating: subject.creating ?? false,
    };
    return planQuickActions(commands, target, { ...lookups, epics: epics?.byArg }, {
      actor,
      can: (ability) => canIssue(actor, ability, subject.projectFacts, facts),
      canAward: issuePermissions(actor, subject.projectFacts, facts).awardEmoji,
      today: new Date().toISOString().slice(0, 10),
      facts: moduleFacts,
    });
  }

  /**
   * The epics /epic names (`&3`, `group/path&3`, an epic URL) that the actor may read and the
   * issue may join (the project's group or an ancestor; confidential epics only for
   * confidential issues), and the issue's current epic; nothing is read without such a command.
   */
  private async epicLookups(actor: Actor, subject: QuickActionSubject, commands: readonly QuickActionCommand[], m: EntityManager) {
    const epicCommands = commands.filter((c) => c.name === 'epic' || c.name === 'remove_epic');
    if (!epicCommands.length) return null;
    const current = subject.issue.id ? ((await epicLinkOfIssue(m, subject.issue.id))?.epicId ?? null) : null;
    const byArg = new Map<string, { id: number }>();
    const groups = await ancestorGroupIds(m, subject.project.namespaceId);
    const pathRows = (await m.query('SELECT id, lower(full_path) AS path FROM namespaces WHERE id = ANY($1::int[])', [groups])) as Array<{ id: number; path: string }>;
    for (const c of epicCommands.filter((x) => x.name === 'epic')) {
      const ref = parseEpicRef(c.arg);
      if (!ref) continue;
      const groupId = ref.groupPath === null ? subject.project.namespaceId : pathRows.find((r) => r.path === ref.groupPath!.toLowerCase())?.id;
      if (!groupId || !groups.includes(Number(groupId))) continue;
      const [epic] = await listEpics(m, actor.id, { groupIds: [Number(groupId)], iids: [ref.iid] });
      if (!epic || !canEpic(actor, 'read_epic', { visibility: epic.groupVisibility, accessLevel: epic.accessLevel }, epic)) continue;
      if (epic.confidential && !subject.issue.confidential) continue;
      byArg.set(c.arg.trim(), { id: epic.id });
    }
    return { current, byArg };
  }

  private async lookups(subject: QuickActionSubject, commands: readonly QuickActionCommand[], m: EntityManager): Promise<QuickActionLookups> {
    const usernames = commands.filter((c) => c.name === 'assign' || c.name === 'unassign').flatMap((c) => userRefs(c.arg).map((u) => u.toLowerCase()));
    const titles = commands.filter((c) => c.name === 'label' || c.name === 'unlabel' || c.name === 'relabel').flatMap((c) => labelRefs(c.arg).map((t) => t.toLowerCase()));
    const users = new Map<string, { id: number; username: string }>();
    const labels = new Map<string, { id: number; title: string }>();
    if (commands.some((c) => c.name === 'assign' || c.name === 'unassign')) {
      const rows = (await m.query(`SELECT id, username FROM users WHERE lower(username) = ANY($1::text[]) OR id = ANY($2::int[])`, [
        usernames,
        [...subject.assigneeIds],
      ])) as Array<{ id: number; username: string }>;
      for (const r of rows) users.set(r.username.toLowerCase(), { id: Number(r.id), username: r.username });
    }
    if (titles.length) {
      // A project label wins over a group label of the same title (as REST titles resolve)
      const rows = (await m.query(`${AVAILABLE_LABELS_SQL} AND lower(l.title) = ANY($3::text[]) ORDER BY l.project_id NULLS LAST`, [
        subject.project.id,
        subject.project.namespaceId,
        titles,
      ])) as Array<{ id: number; title: string }>;
      for (const r of rows) if (!labels.has(r.title.toLowerCase())) labels.set(r.title.toLowerCase(), { id: Number(r.id), title: r.title });
    }
    const out: QuickActionLookups = { users, labels };
    if (commands.some((c) => c.name === 'milestone' || c.name === 'remove_milestone')) {
      const rows = (await m.query(`${AVAILABLE_MILESTONES_SQL} ORDER BY m.project_id NULLS LAST, m.id`, [subject.project.id, subject.project.namespaceId])) as Array<{ id: number; title: string }>;
      const milestones = new Map<string, { id: number; title: string }>();
      for (const r of rows) if (!milestones.has(r.title.toLowerCase())) milestones.set(r.title.toLowerCase(), { id: Number(r.id), title: r.title });
      out.milestones = milestones;
      const currentId = subject.issue.milestoneId ?? null;
      out.currentMilestone = currentId ? (rows.map((r) => ({ id: Number(r.id), title: r.title })).find((r) => r.id === currentId) ?? null) : null;
    }
    if (commands.some((c) => c.name === 'iteration')) {
      const rows = (await m.query(`${AVAILABLE_ITERATIONS_SQL} AND it.state = 'opened' ORDER BY it.id`, [subject.project.namespaceId])) as Array<{ id: number; title: string | null }>;
      out.iterations = rows.map((r) => ({ id: Number(r.id), title: r.title }));
    }
    return out;
  }
}
