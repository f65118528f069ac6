import { HEALTH_STATUS_LABELS, HEALTH_STATUSES, PEOPLE_TEXTS, TAXONOMY_TEXTS, type BulkUpdateParams, type HealthStatus } from '@tandem/shared-types';
import { fetchEpicOptions, fetchIterationOptions, fetchLabelOptions, fetchMemberOptions, fetchMilestoneOptions, type BulkOption } from './bulkUpdateApi';

/** Where a field's choices come from: fixed ones, or a list read from the project. */
export type OptionSource = { kind: 'static'; options: BulkOption[] } | { kind: 'query'; key: string; fetch(projectPath: string): Promise<BulkOption[]>; first?: BulkOption[] };

/** One select of the bulk form: its label, its choices, and what a choice adds to the payload. */
export interface BulkField {
  name: string;
  label: string;
  source: OptionSource;
  apply(params: BulkUpdateParams, value: string): void;
}

const labels: OptionSource = { kind: 'query', key: 'labels', fetch: fetchLabelOptions };

/** The fields of GitLab's bulk update payload the form offers, in the order shown (spec §3). */
export const BULK_FIELDS: readonly BulkField[] = [
  {
    name: 'state',
    label: 'Status',
    source: { kind: 'static', options: [{ id: 'reopen', name: 'Open' }, { id: 'close', name: 'Closed' }] },
    apply: (p, v) => void (p.state_event = v as 'close' | 'reopen'),
  },
  {
    name: 'assignee',
    label: 'Assignee',
    source: { kind: 'query', key: 'members', fetch: fetchMemberOptions, first: [{ id: 0, name: PEOPLE_TEXTS.unassigned }] },
    apply: (p, v) => void (p.assignee_ids = [Number(v)]),
  },
  {
    name: 'milestone',
    label: TAXONOMY_TEXTS.milestoneTitle,
    source: { kind: 'query', key: 'milestones', fetch: fetchMilestoneOptions, first: [{ id: 0, name: TAXONOMY_TEXTS.noMilestone }] },
    apply: (p, v) => void (p.milestone_id = Number(v)),
  },
  {
    name: 'iteration',
    label: 'Iteration',
    source: { kind: 'query', key: 'iterations', fetch: fetchIterationOptions, first: [{ id: 'none', name: 'No iteration' }] },
    apply: (p, v) => void (p.iteration_id = v === 'none' ? null : Number(v)),
  },
  {
    name: 'epic',
    label: 'Epic',
    source: { kind: 'query', key: 'epics', fetch: fetchEpicOptions, first: [{ id: 'none', name: 'No epic' }] },
    apply: (p, v) => void (p.epic_id = v === 'none' ? null : Number(v)),
  },
  {
    name: 'health',
    label: 'Health status',
    source: { kind: 'static', options: [...HEALTH_STATUSES.map((h) => ({ id: h, name: HEALTH_STATUS_LABELS[h] })), { id: 'none', name: 'No health status' }] },
    apply: (p, v) => void (p.health_status = v === 'none' ? null : (v as HealthStatus)),
  },
  { name: 'addLabel', label: 'Add label', source: labels, apply: (p, v) => void (p.add_label_ids = [Number(v)]) },
  { name: 'removeLabel', label: 'Remove label', source: labels, apply: (p, v) => void (p.remove_label_ids = [Number(v)]) },
  {
    name: 'subscription',
    label: PEOPLE_TEXTS.notifications,
    source: { kind: 'static', options: [{ id: 'subscribe', name: 'Subscribe' }, { id: 'unsubscribe', name: 'Unsubscribe' }] },
    apply: (p, v) => void (p.subscription_event = v as 'subscribe' | 'unsubscribe'),
  },
];

/** The payload for the chosen values (fields left at "No change" send nothing). */
export function bulkParams(selectedIds: number[], values: Record<string, string>): BulkUpdateParams {
  const params: BulkUpdateParams = { issuable_ids: selectedIds };
  for (const f of BULK_FIELDS) if (values[f.name]) f.apply(params, values[f.name]!);
  return params;
}
