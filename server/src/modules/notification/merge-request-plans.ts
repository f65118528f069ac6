import type { DataSource } from 'typeorm';
import type { MergeRequestFieldsChanged } from '@tandem/shared-types';
import { mentionedUsernames } from '../todo/mentions';
import { planBase, type Plan, type StoredEvent } from './notification-plan';

const STATE_ACTIONS = { closed: 'close_merge_request', opened: 'reopen_merge_request', merged: 'merge_merge_request' } as const;

/**
 * What a `merge_request.updated` means for mail (GitLab's NotificationService for merge
 * requests). Its opening event (seq 1): a new merge request, its assignees and reviewers named as
 * mentions with the users its description mentions. After it, one plan per change, as one edit
 * may make several: closed, reopened or merged; new commits on the source branch; assignees
 * changed (who was assigned or unassigned named); reviewers asked for a review (added, or asked
 * again: their state back to unreviewed); users the description mentions that the description
 * before did not (GitLab's new_mentions_in_merge_request). A review state that moved any other
 * way mails nobody.
 */
export async function mergeRequestPlans(ds: Pick<DataSource, 'query'>, ev: StoredEvent): Promise<Plan[]> {
  const f = (ev.doc.payload as { fields: MergeRequestFieldsChanged }).fields;
  const base = planBase(ev.doc.actor);
  if (ev.seq === 1) {
    const named = [...(f.assignees ?? []), ...(f.reviewers ?? [])].map((u) => u.id);
    return [{ ...base, action: 'new_merge_request', mentionedUsernames: mentionedUsernames(f.description), assignmentChanged: named, text: f.description ?? null }];
  }
  const out: Plan[] = [];
  const state = f.state && f.state in STATE_ACTIONS ? STATE_ACTIONS[f.state as keyof typeof STATE_ACTIONS] : null;
  if (state) out.push({ ...base, action: state });
  if (f.commits_changed) out.push({ ...base, action: 'push_to_merge_request', text: await pushedCommits(ds, ev) });
  if (f.assignees) {
    const before = new Set((await previous(ds, ev, 'assignees')).map((u) => u.id));
    const now = new Set(f.assignees.map((u) => u.id));
    const changed = [...f.assignees.map((u) => u.id).filter((id) => !before.has(id)), ...[...before].filter((id) => !now.has(id))];
    if (changed.length) out.push({ ...base, action: 'reassign_merge_request', assignmentChanged: changed, detail: f.assignees.map((u) => u.name).join(', ') });
  }
  if (f.reviewers) {
    const before = new Map((await previous(ds, ev, 'reviewers')).map((r) => [r.id, r.review_state]));
    const asked = f.reviewers.filter((r) => r.review_state === 'unreviewed' && before.get(r.id) !== 'unreviewed');
    if (asked.length) out.push({ ...base, action: 'request_review', assignmentChanged: asked.map((r) => r.id), detail: asked.map((r) => r.name).join(', ') });
  }
  const earlier = 'description' in f ? await previousDescription(ds, ev) : undefined;
  if (earlier !== undefined) {
    const before = new Set(mentionedUsernames(earlier).map((n) => n.toLowerCase()));
    const added = mentionedUsernames(f.description).filter((n) => !before.has(n.toLowerCase()));
    if (added.length) out.push({ ...base, action: 'new_mention_merge_request', mentionedUsernames: added, text: f.description ?? null });
  }
  return out;
}

/**
 * The assignees or reviewers (with their review states) before this event: the merge request's
 * previous `merge_request.updated` that carried them (the opening event has its assignees, and
 * its reviewers when it had some), else none.
 */
async function previous<K extends 'assignees' | 'reviewers'>(ds: Pick<DataSource, 'query'>, ev: StoredEvent, key: K): Promise<NonNullable<MergeRequestFieldsChanged[K]>> {
  const [row] = (await ds.query(
    `SELECT payload->'payload'->'fields'->$3::text AS doc FROM issue_events WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND seq < $2 AND type = 'merge_request.updated'
       AND (payload->'payload'->'fields') ? $3::text ORDER BY seq DESC LIMIT 1`,
    [ev.targetId, ev.seq, key],
  )) as Array<{ doc: NonNullable<MergeRequestFieldsChanged[K]> | string | null }>;
  const doc = row?.doc ?? [];
  return (typeof doc === 'string' ? JSON.parse(doc) : doc) as NonNullable<MergeRequestFieldsChanged[K]>;
}

/**
 * The description before this event: the previous `merge_request.updated` that carried one (the
 * opening event always does). None found (pruned from the log): undefined, and nobody is mailed
 * rather than everyone (as for an issue whose earlier version is gone).
 */
async function previousDescription(ds: Pick<DataSource, 'query'>, ev: StoredEvent): Promise<string | null | undefined> {
  const [row] = (await ds.query(
    `SELECT payload->'payload'->'fields'->>'description' AS text FROM issue_events WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND seq < $2 AND type = 'merge_request.updated'
       AND (payload->'payload'->'fields') ? 'description' ORDER BY seq DESC LIMIT 1`,
    [ev.targetId, ev.seq],
  )) as Array<{ text: string | null }>;
  return row ? row.text : undefined;
}

/**
 * The pushed commits as the push's "added N commits" note lists them (`* <short sha> - <title>`,
 * its markdown escapes undone): the note written in the event's transaction (its created_at is
 * the event's). None listed (a force push): null.
 */
async function pushedCommits(ds: Pick<DataSource, 'query'>, ev: StoredEvent): Promise<string | null> {
  const [row] = (await ds.query(
    `SELECT n.note FROM issue_events e JOIN notes n ON n.noteable_type = 'MergeRequest' AND n.noteable_id = e.noteable_id AND n.system AND n.created_at = e.created_at
       AND n.system_note_icon_name = 'commit' AND n.note LIKE 'added %'
     WHERE e.id = $1 ORDER BY n.id DESC LIMIT 1`,
    [ev.id],
  )) as Array<{ note: string }>;
  const lines = (row?.note ?? '').split('\n').filter((l) => l.startsWith('* ')).map((l) => l.replace(/\\(.)/g, '$1'));
  return lines.length ? lines.join('\n') : null;
}
