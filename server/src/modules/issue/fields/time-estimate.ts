import { parseDuration, TIME_TRACKING_TEXTS as TT, timeStats } from '@tandem/shared-types';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { REFUSED } from './quick-action';

/**
 * The time estimate in seconds (0 removes it). Set by /estimate, /remove_estimate and REST
 * time_estimate / reset_time_estimate; GitLab's admin_issue (reporters and up). No REST PUT
 * parameter of its own, as in GitLab: the callers build the input.
 */
export const timeEstimateField: IssueField<'timeEstimate'> = {
  key: 'timeEstimate',
  params: {},
  read: () => undefined,
  quickActions: {
    names: ['estimate', 'remove_estimate'],
    run({ name, arg, state, allowed }) {
      const seconds = name === 'estimate' ? parseDuration(arg) : 0;
      if (seconds === null || seconds < 0 || (name === 'remove_estimate' && !state.issue.timeEstimate) || !allowed(seconds)) return REFUSED;
      state.issue.timeEstimate = seconds;
      return { value: seconds, message: seconds ? TT.estimateSet(seconds) : TT.estimateRemoved };
    },
  },
  ability: () => 'admin_issue',
  plan: (seconds, cur) => (seconds === cur.timeEstimate ? null : { set: { timeEstimate: seconds }, notes: [systemNotes.timeEstimate(seconds)] }),
  event: (i) => ({ time_stats: timeStats(i.timeEstimate, i.totalTimeSpent) }),
};
