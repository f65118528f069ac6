import { QUICK_ACTION_NAMES, type QuickActionName } from '@tandem/shared-types';
import type { IssueAbility } from '../../../core/policy/policy';
import { ISSUE_FIELDS } from '../fields';
import type { QuickActionFacts, QuickActionIssue } from '../fields/quick-action';
import type { Issue } from '../issue.entity';

export type { QuickActionFacts };

/** The ability of the commands no issue field declares (the others: their field's `ability`). */
const MODULE_COMMAND_ABILITY: Partial<Record<QuickActionName, IssueAbility>> = {
  // A signed-in reader's own to-dos and notifications (the to-do and subscription endpoints' policy)
  todo: 'update_subscription',
  done: 'update_subscription',
  subscribe: 'update_subscription',
  unsubscribe: 'update_subscription',
  award: 'read_issue',
  relate: 'admin_issue',
  unrelate: 'admin_issue',
  blocks: 'admin_issue',
  blocked_by: 'admin_issue',
  move: 'admin_issue',
  clone: 'admin_issue',
  duplicate: 'update_issue',
  copy_metadata: 'admin_issue',
  promote: 'admin_issue',
  publish: 'publish_status_page',
};

/** The value a field's ability is asked about for a command (state_event's depends on it). */
const VALUE_OF: Partial<Record<QuickActionName, unknown>> = { close: 'close', reopen: 'reopen' };

const FIELD_OF = new Map<QuickActionName, (typeof ISSUE_FIELDS)[number]>();
for (const field of ISSUE_FIELDS) for (const name of field.quickActions?.names ?? []) FIELD_OF.set(name, field);

/** The ability a command needs on the issue (policy.ts), from its field or the table above. */
export function quickActionAbility(name: QuickActionName, issue: QuickActionIssue): IssueAbility {
  const field = FIELD_OF.get(name);
  if (field) return field.ability(VALUE_OF[name] as never, issue as Issue);
  return MODULE_COMMAND_ABILITY[name] ?? 'admin_issue';
}

/**
 * Whether the command applies to the issue as it is (apart from the ability): the conditions of
 * GitLab's that need no argument. A command whose condition fails is left out of the autocomplete,
 * and answers "Could not apply" when typed.
 */
export function quickActionApplies(name: QuickActionName, issue: QuickActionIssue, facts: QuickActionFacts, labelsAny: boolean): boolean {
  switch (name) {
    case 'close':
      return issue.state === 'opened';
    case 'reopen':
      return issue.state === 'closed';
    case 'todo':
      return facts.hasTodo === false;
    case 'done':
      return facts.hasTodo === true;
    case 'subscribe':
      return facts.subscribed === false;
    case 'unsubscribe':
      return facts.subscribed === true;
    case 'severity':
      return issue.issueType === 'incident';
    case 'health_status':
      return issue.state !== 'closed';
    case 'iteration':
      return facts.hasIterations === true;
    case 'promote':
      return facts.canPromote === true;
    case 'move':
      return (issue.movedToId ?? null) === null;
    case 'unlabel':
    case 'relabel':
      return labelsAny;
    case 'remove_due_date':
      return issue.dueDate !== null;
    case 'clear_weight':
      return issue.weight !== null;
    case 'lock':
      return !issue.discussionLocked;
    case 'unlock':
      return issue.discussionLocked;
    case 'confidential':
      return !issue.confidential;
    case 'remove_zoom':
      return !!issue.zoomMeetingUrl;
    case 'zoom':
      return !issue.zoomMeetingUrl;
    case 'remove_estimate':
      return issue.timeEstimate > 0;
    case 'remove_time_spent':
      return issue.totalTimeSpent !== 0;
    default:
      return true;
  }
}

/** Every command the actor may run on the issue now, in the declared order (the autocomplete's list). */
export function availableQuickActions(issue: QuickActionIssue, facts: QuickActionFacts, labelsAny: boolean, can: (ability: IssueAbility) => boolean): QuickActionName[] {
  return (Object.keys(QUICK_ACTION_NAMES) as QuickActionName[]).filter((name) => quickActionApplies(name, issue, facts, labelsAny) && can(quickActionAbility(name, issue)));
}
