import type { UserBasic } from '../api';
import type { AnyRealtimeEvent, NoteableType } from '../realtime/events';
import type { ApiIssueIteration, ApiIssueMilestone } from '../sidebar-taxonomy';
import type { HistoryLabel, HistoryState } from './replay';

/** GitLab's resource event APIs, one per kind (`resource_<kind>_events`). */
export const RESOURCE_EVENT_KINDS = ['state', 'label', 'milestone', 'weight', 'iteration'] as const;
export type ResourceEventKind = (typeof RESOURCE_EVENT_KINDS)[number];

/** The event types that can make a resource event (the rest never do). */
export const RESOURCE_EVENT_SOURCES = ['issue.created', 'issue.updated', 'issue.labels', 'epic.updated', 'merge_request.updated'] as const;

/** One resource event before it is given its id, author and noteable: the kind's own fields. */
export type ResourceChange =
  | { kind: 'state'; state: 'closed' | 'reopened' | 'merged' }
  | { kind: 'label'; label: { id: number; name: string; color: string; description: string | null }; action: 'add' | 'remove' }
  | { kind: 'milestone'; milestone: ApiIssueMilestone; action: 'add' | 'remove' }
  | { kind: 'weight'; weight: number | null }
  | { kind: 'iteration'; iteration: ApiIssueIteration; action: 'add' | 'remove' };

const labelOf = (l: HistoryLabel) => ({ id: l.id, name: l.name, color: l.color, description: l.description });

/**
 * The resource events `e` makes, applied to the noteable as `prev` says it stood (GitLab's
 * ResourceEvents services: a label added or removed, closed or reopened, a milestone or
 * iteration set (`add`, the new one) or removed (`remove`, the old one), a weight set).
 */
function labelChanges(was: readonly HistoryLabel[], now: readonly HistoryLabel[]): ResourceChange[] {
  const before = new Map(was.map((l) => [l.id, l]));
  const after = new Map(now.map((l) => [l.id, l]));
  return [
    ...[...after.values()].filter((l) => !before.has(l.id)).map((l) => ({ kind: 'label' as const, label: labelOf(l), action: 'add' as const })),
    ...[...before.values()].filter((l) => !after.has(l.id)).map((l) => ({ kind: 'label' as const, label: labelOf(l), action: 'remove' as const })),
  ];
}

export function resourceChangesOf(prev: HistoryState, e: AnyRealtimeEvent): ResourceChange[] {
  if (e.type === 'issue.labels') return labelChanges(prev.labels, e.payload.labels);
  if (e.type !== 'issue.updated' && e.type !== 'issue.created' && e.type !== 'epic.updated' && e.type !== 'merge_request.updated') return [];
  const f = e.payload.fields as unknown as Record<string, unknown>;
  const was = prev.fields;
  const out: ResourceChange[] = [];
  // A new issue is opened by its creation: GitLab records no state event for it (nor for a merge request's, its stream's first event)
  const state = f.state === 'merged' ? 'merged' : f.state === 'closed' ? 'closed' : f.state === 'opened' ? 'reopened' : null;
  if (e.type !== 'issue.created' && state && f.state !== (was.state ?? 'opened')) out.push({ kind: 'state', state });
  if (e.type === 'merge_request.updated' && e.payload.fields.label_details) out.push(...labelChanges(prev.labels, e.payload.fields.label_details));
  for (const kind of ['milestone', 'iteration'] as const) {
    if (!(kind in f) || f[kind] === undefined) continue;
    const now = f[kind] as { id: number } | null;
    const old = (was[kind] ?? null) as { id: number } | null;
    if ((now?.id ?? null) === (old?.id ?? null)) continue;
    if (now) out.push({ kind, [kind]: now, action: 'add' } as ResourceChange);
    else if (old) out.push({ kind, [kind]: old, action: 'remove' } as ResourceChange);
  }
  if ('weight' in f && f.weight !== undefined && (f.weight ?? null) !== (was.weight ?? null)) out.push({ kind: 'weight', weight: f.weight as number | null });
  return out;
}

/** A resource event as GitLab's REST API gives it (weight events name their issue by `issue_id`). */
export type ApiResourceEvent = {
  id: number;
  user: UserBasic | null;
  created_at: string;
} & (
  | { resource_type: NoteableType; resource_id: number; state: 'closed' | 'reopened' | 'merged' }
  | { resource_type: NoteableType; resource_id: number; label: Extract<ResourceChange, { kind: 'label' }>['label']; action: 'add' | 'remove' }
  | { resource_type: NoteableType; resource_id: number; milestone: ApiIssueMilestone; action: 'add' | 'remove' }
  | { resource_type: NoteableType; resource_id: number; iteration: ApiIssueIteration; action: 'add' | 'remove' }
  | { issue_id: number; weight: number | null }
);

/** Resource event ids: the id of the log row that made it, times this, plus its place among that row's events. */
export const RESOURCE_EVENT_ID_STRIDE = 1000;

/** The REST shape of one change (its id from the log row and place, `resourceEventId`). */
export function toApiResourceEvent(c: ResourceChange, id: number, user: UserBasic | null, createdAt: string, resource: { type: NoteableType; id: number }): ApiResourceEvent {
  const base = { id, user, created_at: createdAt };
  switch (c.kind) {
    case 'state':
      return { ...base, resource_type: resource.type, resource_id: resource.id, state: c.state };
    case 'label':
      return { ...base, resource_type: resource.type, resource_id: resource.id, label: c.label, action: c.action };
    case 'milestone':
      return { ...base, resource_type: resource.type, resource_id: resource.id, milestone: c.milestone, action: c.action };
    case 'iteration':
      return { ...base, resource_type: resource.type, resource_id: resource.id, iteration: c.iteration, action: c.action };
    case 'weight':
      return { ...base, issue_id: resource.id, weight: c.weight };
  }
}
