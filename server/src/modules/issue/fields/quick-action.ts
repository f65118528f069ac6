import type { QuickActionName } from '@tandem/shared-types';
import type { IssueAbility } from '../../../core/policy/policy';
import type { Issue } from '../issue.entity';
import type { IssueUpdateInput } from './issue-input';

/**
 * What a field's quick actions (`/weight 3`, `/clear_weight`) see and give back. The planner
 * (issue/quick-actions/plan-quick-actions.ts) runs each command through the field that declares
 * it, checking the field's ability; the commands of no field (award, relate, publish) stay there.
 */

/** The issue's columns as the commands see them: a new issue has only these (any other is undefined there). */
export type QuickActionIssue = Pick<Issue, 'state' | 'title' | 'confidential' | 'discussionLocked' | 'dueDate' | 'weight' | 'timeEstimate' | 'totalTimeSpent' | 'zoomMeetingUrl'> & Partial<Issue>;

/** The issue as the commands see it (a new issue on create). */
export interface QuickActionTarget {
  issue: QuickActionIssue;
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
  /** Open iterations the project may use (only when /iteration is used): by id and by lower-case title. */
  iterations?: ReadonlyArray<{ id: number; title: string | null }>;
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
  /** What the commands of other modules depend on (read only when such a command is present). */
  facts?: QuickActionFacts;
}

/**
 * What, beyond the actor's abilities, decides whether a command applies (GitLab's `condition`
 * blocks); read only when a command needs it, or for the autocomplete's whole list.
 */
export interface QuickActionFacts {
  /** The actor has a pending to-do on the issue (/todo does not apply, /done does). */
  hasTodo?: boolean;
  /** The actor is subscribed to the issue. */
  subscribed?: boolean;
  /** The actor may create an epic in the project's group (/promote); false outside a group. */
  canPromote?: boolean;
  /** The project's groups have open iterations (/iteration). */
  hasIterations?: boolean;
}

/** The issue as the commands so far have left it: later commands see earlier ones' effect. */
export interface QuickActionState {
  issue: QuickActionTarget['issue'];
  assignees: Array<{ id: number; username: string }>;
  epicId: number | null;
  /** The change planned so far, one key per field. */
  input: IssueUpdateInput;
}

/** One command as its field runs it. */
export interface QuickActionCall<V> {
  name: QuickActionName;
  arg: string;
  state: QuickActionState;
  lookups: QuickActionLookups;
  env: QuickActionEnv;
  /** May the actor give the field this value (the field's ability, policy.ts)? */
  allowed(value: V): boolean;
}

/** A command's outcome: the field's new value and GitLab's message, a refusal ("Could not apply"), or another error text. */
export type QuickActionOutcome<V> = { value: V; message: string } | { refused: true } | { error: string };

export const REFUSED = { refused: true } as const;

type Present<K extends keyof IssueUpdateInput> = Exclude<IssueUpdateInput[K], undefined>;

/** The quick actions that set one field. */
export interface FieldQuickActions<K extends keyof IssueUpdateInput> {
  /** The commands (shared-types QUICK_ACTION_NAMES) that set this field. */
  names: readonly QuickActionName[];
  /** Those a new issue's description may run (the field must be taken on create); the others change an existing issue only. */
  onCreate?: readonly QuickActionName[];
  /** Plans one command; on success it has updated `state` (the issue as later commands see it). */
  run(call: QuickActionCall<Present<K>>): QuickActionOutcome<Present<K>>;
  /** GitLab's commands_changes entries for the value (default: the field's key in snake_case). */
  changes?(value: Present<K>): Record<string, unknown>;
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

/** An /iteration argument: `*iteration:12` (an id), `*iteration:"Sprint 3"`, or the bare title. */
export function iterationRef(arg: string): { id: number } | { title: string } | null {
  const a = arg.trim().replace(/^\*iteration:/i, '');
  if (/^\d{1,9}$/.test(a)) return { id: Number(a) };
  const title = a.replace(/^"(.*)"$/, '$1').trim();
  return title ? { title } : null;
}

/** The title of a /milestone argument: `%v1.0`, `%"Sprint 1"`, or the bare title. */
export const milestoneTitle = (arg: string) => arg.trim().replace(/^%/, '').replace(/^"(.*)"$/, '$1').trim();
