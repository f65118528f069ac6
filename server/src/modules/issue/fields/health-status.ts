import { HEALTH_STATUS_LABELS, HEALTH_STATUSES, QUICK_ACTION_TEXTS as T, TAXONOMY_ERRORS, type HealthStatus } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { HEALTH_FROM_GRAPHQL, HealthStatusEnum } from '../../iteration/iteration.graphql-types';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { enumParam } from './params';
import { REFUSED } from './quick-action';

/** Health status (on_track, needs_attention, at_risk; null or "" removes it), only while the issue is open. */
export const healthStatusField: IssueField<'healthStatus'> = {
  key: 'healthStatus',
  params: { health_status: enumParam(HEALTH_STATUSES, { nullable: true }) },
  read: (p) => p.health_status as HealthStatus | null | undefined,
  onCreate: 'triager',
  quickActions: {
    names: ['health_status'],
    onCreate: ['health_status'],
    run({ arg, state, allowed }) {
      const health = HEALTH_STATUSES.find((h) => h === arg.trim().toLowerCase());
      // A closed issue keeps its health status as it was (the field refuses the change)
      if (!health || state.issue.state === 'closed' || !allowed(health)) return REFUSED;
      state.issue.healthStatus = health;
      return { value: health, message: T.healthStatusSet(health) };
    },
  },
  bulk: { params: ['health_status'] },
  graphql: {
    update: [{ name: 'healthStatus', type: () => HealthStatusEnum, nullable: true, description: 'Desired health status; null removes it.' }],
    toParams: ({ healthStatus }) => (healthStatus === undefined ? {} : { health_status: healthStatus ? HEALTH_FROM_GRAPHQL[healthStatus as HealthStatusEnum] : null }),
  },
  ability: () => 'admin_issue',
  plan: (health, cur) => {
    if (cur.state === 'closed') throw new ValidationError({ health_status: [TAXONOMY_ERRORS.healthClosed] });
    if (health === cur.healthStatus) return null;
    return { set: { healthStatus: health }, notes: [systemNotes.healthStatus(health ? HEALTH_STATUS_LABELS[health] : null)] };
  },
  event: (i) => ({ health_status: i.healthStatus }),
};
