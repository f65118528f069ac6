import { parseDuration, TIME_TRACKING_TEXTS, timeStats } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { parseDueDate, REFUSED } from './quick-action';

/** Time logged on an issue: seconds (negative subtracts) or 'reset' (removes all spent time). */
export interface TimeSpend {
  seconds: number | 'reset';
  /** yyyy-mm-dd; today when absent. */
  spentAt?: string | null;
  summary?: string | null;
}

/** The signed change to the total: a reset logs minus the total, as GitLab does. */
const deltaOf = (spend: TimeSpend, total: number) => (spend.seconds === 'reset' ? -total : spend.seconds);

/**
 * Spent time: a timelogs row (side table) and the issue's running total_time_spent (column), in
 * one write. Set by /spend, /remove_time_spent and REST add_spent_time / reset_spent_time;
 * admin_issue. A subtraction below zero is refused, naming the parameter.
 */
export const timeSpentField: IssueField<'timeSpent'> = {
  key: 'timeSpent',
  params: {},
  read: () => undefined,
  quickActions: {
    names: ['spend', 'remove_time_spent'],
    run({ name, arg, state, env, allowed }) {
      // GitLab's /spend <duration> [yyyy-mm-dd]; one time log per text
      const m = name === 'spend' ? /^(.*?)(?:\s+(\d{4}-\d{2}-\d{2}))?$/.exec(arg.trim()) : null;
      const seconds = m ? parseDuration(m[1]!) : null;
      const spentAt = m?.[2] ? parseDueDate(m[2], env.today) : null;
      const issue = state.issue;
      const bad =
        name === 'spend'
          ? seconds === null || (m?.[2] !== undefined && (!spentAt || spentAt > env.today)) || issue.totalTimeSpent + seconds < 0 || state.input.timeSpent !== undefined
          : !issue.totalTimeSpent || state.input.timeSpent !== undefined;
      if (bad || !allowed({ seconds: seconds ?? 'reset' })) return REFUSED;
      if (name === 'spend') {
        issue.totalTimeSpent += seconds!;
        return { value: { seconds: seconds!, spentAt }, message: TIME_TRACKING_TEXTS.spentAdded(seconds!) };
      }
      issue.totalTimeSpent = 0;
      return { value: { seconds: 'reset' }, message: TIME_TRACKING_TEXTS.spentRemoved };
    },
    // GitLab's commands_changes name logged time spend_time
    changes: (spend) => ({ spend_time: spend.seconds === 'reset' ? { duration: 'reset' } : { duration: spend.seconds, spent_at: spend.spentAt ?? null } }),
  },
  ability: () => 'admin_issue',
  plan: (spend, cur) => {
    const delta = deltaOf(spend, cur.totalTimeSpent);
    if (delta === 0) return null;
    const total = cur.totalTimeSpent + delta;
    if (total < 0) throw new ValidationError({ duration: [TIME_TRACKING_TEXTS.exceedsSpent] });
    return { set: { totalTimeSpent: total }, notes: [systemNotes.timeSpent(spend.seconds === 'reset' ? 'reset' : delta, spend.spentAt)] };
  },
  async write(spend, tx, ctx, env) {
    const delta = deltaOf(spend, ctx.issue.totalTimeSpent);
    if (delta === 0 || ctx.issue.totalTimeSpent + delta < 0) return null;
    await tx.manager.query(`INSERT INTO timelogs (issue_id, user_id, time_spent, spent_at, summary) VALUES ($1, $2, $3, COALESCE($4::date, CURRENT_DATE), $5)`, [
      ctx.issue.id,
      env.actor.id,
      delta,
      spend.spentAt ?? null,
      spend.summary ?? null,
    ]);
    return { notes: [], events: [] };
  },
  event: (i) => ({ time_stats: timeStats(i.timeEstimate, i.totalTimeSpent) }),
};
