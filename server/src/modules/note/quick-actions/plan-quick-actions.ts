import { ISSUE_PAGE_TEXTS, QUICK_ACTION_TEXTS as T, TIME_TRACKING_TEXTS as TT, parseDuration, type QuickActionName } from '@tandem/shared-types';
import type { IssueAbility } from '../../../core/policy/policy';
import { assigneesField } from '../../issue/fields/assignees';
import { confidentialField } from '../../issue/fields/confidential';
import { discussionLockedField } from '../../issue/fields/discussion-locked';
import { dueDateField } from '../../issue/fields/due-date';
import { epicField } from '../../issue/fields/epic';
import type { IssueField } from '../../issue/fields/issue-field';
import type { IssueUpdateInput, LabelRef } from '../../issue/fields/issue-input';
import { labelsField } from '../../issue/fields/labels';
import { milestoneField } from '../../issue/fields/milestone';
import { stateEventField } from '../../issue/fields/state-event';
import { timeEstimateField } from '../../issue/fields/time-estimate';
import { timeSpentField } from '../../issue/fields/time-spent';
import { titleField } from '../../issue/fields/title';
import { zoomMeetingField } from '../../issue/fields/zoom-meeting';
import { weightField } from '../../issue/fields/weight';
import type { Issue } from '../../issue/issue.entity';
import { splitReferences } from '../../issue-link/references';
import type { QuickActionCommand } from './parse-quick-actions';

/** The issue as the commands see it (a new issue on create). */
export interface QuickActionTarget {
  issue: Pick<Issue, 'state' | 'title' | 'confidential' | 'discussionLocked' | 'dueDate' | 'weight' | 'timeEstimate' | 'totalTimeSpent' | 'zoomMeetingUrl'>;
  assignees: ReadonlyArray<{ id: number; username: string }>;
  /** The issue is being created: commands that change an existing issue do not apply. */
  creating: boolean;
  /** The issue's epic id (null: none), read only when an /epic or /remove_epic command is present. */
  epicId?: number | null;
}

/** What the commands' arguments name, resolved by the caller (one query each). */
export interface QuickActionLookups {
  /** Users by lower-case username. */
  users: ReadonlyMap<string, { id: number; username: string }>;
  /** Labels the project may use, by lower-case title. */
  labels: ReadonlyMap<string, { id: number; title: string }>;
  /** Epics the actor may assign, by the /epic argument as written (trimmed). */
  epics?: ReadonlyMap<string, { id: number }>;
  /** Milestones the project may use, by lower-case title (only when /milestone is used). */
  milestones?: ReadonlyMap<string, { id: number; title: string }>;
  /** The issue's current milestone title (for /remove_milestone's message). */
  currentMilestone?: { id: number; title: string } | null;
}

export interface QuickActionEnv {
  actor: { id: number; username: string };
  /** May the actor do this to the issue (policy.ts)? */
  can(ability: IssueAbility): boolean;
  /** May the actor award emoji on the issue (issuePermissions().awardEmoji)? */
  canAward: boolean;
  /** Today (yyyy-mm-dd) in UTC, for /due today, tomorrow, in N days. */
  today: string;
}

export interface QuickActionPlan {
  /** The change for UpdateIssueAction (fields the commands set). */
  input: IssueUpdateInput;
  messages: string[];
  errorMessages: string[];
  /** GitLab's commands_changes: what the commands change (emoji_award is applied by the award module). */
  changes: Record<string, unknown>;
}

/** The usernames (`@bob`, `bob`, `me`) of an /assign or /unassign argument. */
export function userRefs(arg: string): string[] {
  return arg.split(/[\s,]+/).map((s) => s.replace(/^@/, '')).filter(Boolean);
}

/** The titles of a /label argument: `~bug ~"needs review" plain`. */
export function labelRefs(arg: string): string[] {
  const out: string[] = [];
  const re = /~"([^"]+)"|~([^\s~"]+)|"([^"]+)"|([^\s~"]+)/g;
  for (let m = re.exec(arg); m; m = re.exec(arg)) out.push((m[1] ?? m[2] ?? m[3] ?? m[4]!).trim());
  return out.filter(Boolean);
}

/** A /due argument as yyyy-mm-dd, or null: a date, today, tomorrow, "in N days" (or weeks). */
export function parseDueDate(arg: string, today: string): string | null {
  const a = arg.trim().toLowerCase();
  const add = (days: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  if (/^\d{4}-\d{2}-\d{2}$/.test(a)) {
    const d = new Date(`${a}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === a ? a : null;
  }
  if (a === 'today') return today;
  if (a === 'tomorrow') return add(1);
  const rel = /^in\s+(\d{1,4})\s+(day|days|week|weeks)$/.exec(a);
  if (rel) return add(Number(rel[1]) * (rel[2]!.startsWith('week') ? 7 : 1));
  return null;
}

/** The title of a /milestone argument: `%v1.0`, `%"Sprint 1"`, or the bare title. */
export const milestoneTitle = (arg: string) => arg.trim().replace(/^%/, '').replace(/^"(.*)"$/, '$1').trim();
const milestoneRef = (title: string) => (/^[\w.-]+$/.test(title) ? `%${title}` : `%"${title}"`);

const labelRef = (title: string) => `~"${title.replace(/"/g, '')}"`;

/**
 * Turns commands into one issue change, checking each command's ability through the field it
 * changes (the same registry the sidebar uses), so a refused or inapplicable command is
 * reported and left out. Commands run in order; later ones see earlier ones' effect. Pure.
 */
export function planQuickActions(commands: readonly QuickActionCommand[], target: QuickActionTarget, lookups: QuickActionLookups, env: QuickActionEnv): QuickActionPlan {
  const input: IssueUpdateInput = {};
  const messages: string[] = [];
  const errorMessages: string[] = [];
  const changes: Record<string, unknown> = {};
  const issue = { ...target.issue } as Issue;
  let assignees = [...target.assignees];
  let labelSet: LabelRef[] | undefined;
  const labelAdd = new Map<number, LabelRef>();
  const labelRemove = new Map<number, LabelRef>();
  let labelsTouched = false;
  let epicId = target.epicId ?? null;

  const allowed = <K extends keyof IssueUpdateInput>(field: IssueField<K>, value: Exclude<IssueUpdateInput[K], undefined>) =>
    env.can(field.ability(value as never, issue));
  const refuse = (name: QuickActionName) => errorMessages.push(T.couldNotApply(name));
  const notOnCreate: ReadonlySet<QuickActionName> = new Set(['close', 'reopen', 'title', 'unassign', 'unlabel', 'relabel', 'remove_due_date', 'clear_weight', 'unlock', 'award', 'epic', 'remove_epic', 'estimate', 'remove_estimate', 'spend', 'remove_time_spent', 'zoom', 'remove_zoom', 'relate', 'publish']);

  for (const { name, arg } of commands) {
    if (target.creating && notOnCreate.has(name)) {
      refuse(name);
      continue;
    }
    switch (name) {
      case 'close':
      case 'reopen': {
        const ev = name === 'close' ? 'close' : 'reopen';
        const applies = ev === 'close' ? issue.state === 'opened' : issue.state === 'closed';
        if (!applies || !allowed(stateEventField, ev)) {
          refuse(name);
          break;
        }
        input.stateEvent = ev;
        issue.state = ev === 'close' ? 'closed' : 'opened';
        messages.push(ev === 'close' ? T.closed() : T.reopened());
        break;
      }
      case 'title': {
        const title = arg.trim();
        if (!title || !allowed(titleField, title)) {
          refuse(name);
          break;
        }
        input.title = issue.title = title;
        messages.push(T.titleChanged(title));
        break;
      }
      case 'assign':
      case 'unassign': {
        const refs = userRefs(arg);
        const named = refs.map((r) => (r.toLowerCase() === 'me' ? env.actor : lookups.users.get(r.toLowerCase())));
        const missing = refs.filter((_, k) => !named[k]).map((r) => `@${r}`);
        if ((name === 'assign' && !refs.length) || missing.length) {
          errorMessages.push(missing.length ? T.usersNotFound(missing) : T.couldNotApply(name));
          break;
        }
        const users = named as Array<{ id: number; username: string }>;
        const next =
          name === 'assign'
            ? [...assignees, ...users.filter((u) => !assignees.some((a) => a.id === u.id))]
            : refs.length
              ? assignees.filter((a) => !users.some((u) => u.id === a.id))
              : [];
        const changed = name === 'assign' ? users.filter((u) => !assignees.some((a) => a.id === u.id)) : assignees.filter((a) => !next.some((n) => n.id === a.id));
        if (!changed.length || !allowed(assigneesField, next.map((u) => u.id))) {
          refuse(name);
          break;
        }
        assignees = next;
        input.assigneeIds = next.map((u) => u.id);
        const usernames = [...new Map(changed.map((u) => [u.id, u.username])).values()];
        messages.push(name === 'assign' ? T.assigned(usernames) : T.unassigned(usernames));
        break;
      }
      case 'label':
      case 'unlabel':
      case 'relabel': {
        const titles = labelRefs(arg);
        const found = titles.map((t) => lookups.labels.get(t.toLowerCase())).filter((l): l is { id: number; title: string } => !!l);
        const unique = [...new Map(found.map((l) => [l.id, l])).values()];
        const removeAll = name === 'unlabel' && !titles.length;
        if ((!unique.length && !removeAll) || !allowed(labelsField, {})) {
          refuse(name);
          break;
        }
        labelsTouched = true;
        const refs = unique.map((l) => ({ id: l.id }));
        if (name === 'relabel' || removeAll) {
          labelSet = refs;
          labelAdd.clear();
          labelRemove.clear();
        } else if (labelSet) {
          labelSet = name === 'label' ? [...labelSet.filter((r) => !unique.some((l) => 'id' in r && l.id === r.id)), ...refs] : labelSet.filter((r) => !unique.some((l) => 'id' in r && l.id === r.id));
        } else {
          for (const l of unique) {
            (name === 'label' ? labelAdd : labelRemove).set(l.id, { id: l.id });
            (name === 'label' ? labelRemove : labelAdd).delete(l.id);
          }
        }
        const shown = unique.map((l) => labelRef(l.title));
        messages.push(removeAll ? T.allLabelsRemoved : name === 'label' ? T.labelsAdded(shown) : name === 'unlabel' ? T.labelsRemoved(shown) : T.labelsReplaced(shown));
        break;
      }
      case 'due':
      case 'remove_due_date': {
        const date = name === 'due' ? parseDueDate(arg, env.today) : null;
        if ((name === 'due' && !date) || (name === 'remove_due_date' && !issue.dueDate) || !allowed(dueDateField, date)) {
          refuse(name);
          break;
        }
        input.dueDate = issue.dueDate = date;
        messages.push(date ? T.dueDateSet(date) : T.dueDateRemoved);
        break;
      }
      case 'weight':
      case 'clear_weight': {
        const weight = name === 'weight' ? (/^\d{1,9}$/.test(arg) ? Number(arg) : NaN) : null;
        if (Number.isNaN(weight) || (name === 'clear_weight' && issue.weight === null) || !allowed(weightField, weight)) {
          refuse(name);
          break;
        }
        input.weight = issue.weight = weight;
        messages.push(weight === null ? T.weightCleared : T.weightSet(weight));
        break;
      }
      case 'confidential': {
        if (issue.confidential || !allowed(confidentialField, true)) {
          refuse(name);
          break;
        }
        input.confidential = issue.confidential = true;
        messages.push(T.madeConfidential());
        break;
      }
      case 'lock':
      case 'unlock': {
        const locked = name === 'lock';
        if (issue.discussionLocked === locked || !allowed(discussionLockedField, locked)) {
          refuse(name);
          break;
        }
        input.discussionLocked = issue.discussionLocked = locked;
        messages.push(locked ? T.locked : T.unlocked);
        break;
      }
      case 'epic':
      case 'remove_epic': {
        const next = name === 'epic' ? (lookups.epics?.get(arg.trim())?.id ?? null) : null;
        if ((name === 'epic' && next === null) || next === epicId || !allowed(epicField, next)) {
          refuse(name);
          break;
        }
        input.epicId = epicId = next;
        messages.push(next === null ? T.epicRemoved : T.epicAdded);
        break;
      }
      case 'estimate':
      case 'remove_estimate': {
        const seconds = name === 'estimate' ? parseDuration(arg) : 0;
        if (seconds === null || seconds < 0 || (name === 'remove_estimate' && !issue.timeEstimate) || !allowed(timeEstimateField, seconds)) {
          refuse(name);
          break;
        }
        input.timeEstimate = issue.timeEstimate = seconds;
        messages.push(seconds ? TT.estimateSet(seconds) : TT.estimateRemoved);
        break;
      }
      case 'spend':
      case 'remove_time_spent': {
        // GitLab's /spend <duration> [yyyy-mm-dd]; one time log per text
        const m = name === 'spend' ? /^(.*?)(?:\s+(\d{4}-\d{2}-\d{2}))?$/.exec(arg.trim()) : null;
        const seconds = m ? parseDuration(m[1]!) : null;
        const spentAt = m?.[2] ? parseDueDate(m[2], env.today) : null;
        const bad =
          name === 'spend'
            ? seconds === null || (m?.[2] !== undefined && (!spentAt || spentAt > env.today)) || issue.totalTimeSpent + seconds < 0 || input.timeSpent !== undefined
            : !issue.totalTimeSpent || input.timeSpent !== undefined;
        if (bad || !allowed(timeSpentField, { seconds: seconds ?? 'reset' })) {
          refuse(name);
          break;
        }
        if (name === 'spend') {
          input.timeSpent = { seconds: seconds!, spentAt };
          issue.totalTimeSpent += seconds!;
          messages.push(TT.spentAdded(seconds!));
        } else {
          input.timeSpent = { seconds: 'reset' };
          issue.totalTimeSpent = 0;
          messages.push(TT.spentRemoved);
        }
        break;
      }
      case 'zoom':
      case 'remove_zoom': {
        const url = name === 'zoom' ? arg.trim() : null;
        const bad = name === 'zoom' ? !ISSUE_PAGE_TEXTS.zoomUrlPattern.test(url!) || url === issue.zoomMeetingUrl : !issue.zoomMeetingUrl;
        if (bad || !allowed(zoomMeetingField, url)) {
          refuse(name);
          break;
        }
        input.zoomMeetingUrl = issue.zoomMeetingUrl = url;
        messages.push(url ? T.zoomAdded : T.zoomRemoved);
        break;
      }
      case 'milestone':
      case 'remove_milestone': {
        const title = milestoneTitle(arg);
        const m = name === 'milestone' ? lookups.milestones?.get(title.toLowerCase()) : null;
        const current = lookups.currentMilestone ?? null;
        if ((name === 'milestone' && (!m || m.id === current?.id)) || (name === 'remove_milestone' && !current) || !allowed(milestoneField, m ? { id: m.id } : null)) {
          refuse(name);
          break;
        }
        input.milestone = m ? { id: m.id } : null;
        messages.push(m ? T.milestoneSet(milestoneRef(m.title)) : T.milestoneRemoved(milestoneRef(current!.title)));
        break;
      }
      case 'award': {
        const emoji = /^:?([a-z0-9_+-]+):?$/i.exec(arg.trim())?.[1];
        if (!emoji || !env.canAward) {
          refuse(name);
          break;
        }
        changes.emoji_award = emoji;
        messages.push(T.awarded(emoji));
        break;
      }
      case 'relate': {
        // Linked by the issue-link module after the commands (create-note); related issues are admin_issue (spec §6 canAdmin)
        const refs = splitReferences([arg]);
        if (!refs.length || !env.can('admin_issue')) {
          refuse(name);
          break;
        }
        const all = [...((changes.relate as string[] | undefined) ?? []), ...refs];
        changes.relate = [...new Set(all)];
        messages.push(T.related(refs));
        break;
      }
      case 'publish': {
        // Published by the status-page module after the commands (create-note), as /relate is linked
        if (!env.can('publish_status_page')) {
          refuse(name);
          break;
        }
        changes.publish = true;
        messages.push(T.published);
        break;
      }
    }
  }
  if (labelsTouched) {
    input.labels = labelSet ? { set: labelSet } : { add: [...labelAdd.values()], remove: [...labelRemove.values()] };
  }
  for (const [k, v] of Object.entries(input)) if (k !== 'labels' && k !== 'assigneeIds' && k !== 'timeSpent' && k !== 'milestone') changes[snake(k)] = v;
  if (input.milestone !== undefined) changes.milestone_id = input.milestone?.id ?? null;
  // GitLab's commands_changes name logged time spend_time
  if (input.timeSpent) changes.spend_time = input.timeSpent.seconds === 'reset' ? { duration: 'reset' } : { duration: input.timeSpent.seconds, spent_at: input.timeSpent.spentAt ?? null };
  if (input.assigneeIds) changes.assignee_ids = input.assigneeIds;
  if (input.labels) changes.labels = input.labels;
  return { input, messages, errorMessages, changes };
}

const snake = (k: string) => (k === 'stateEvent' ? 'state_event' : k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
