import { memo, useDeferredValue } from 'react';
import { diffWords } from 'diff';
import { HISTORY_TEXTS as T, type HistoryNote, type HistoryState, type TimeStats, type UserBasic } from '@tandem/shared-types';

const named = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object') return String((v as { title?: unknown }).title ?? (v as { name?: unknown }).name ?? '');
  return String(v);
};

type DiffPart = ReturnType<typeof diffWords>[number];

/** Each state's description diff against its step's previous, computed once (states never change; a step revisited is a lookup). */
const diffs = new WeakMap<HistoryState, { before: string; parts: DiffPart[] }>();

function descriptionDiff(state: HistoryState, before: string, after: string): DiffPart[] {
  const hit = diffs.get(state);
  if (hit && hit.before === before) return hit.parts;
  const parts = diffWords(before, after);
  diffs.set(state, { before, parts });
  return parts;
}

/**
 * The description change this step made, as words removed and added (text only: nothing in it
 * runs). It renders after the step it belongs to (a deferred value): a drag over a long
 * description shows each step at once and the diff of the step it stops on.
 */
function DescriptionDiff({ previous, state }: { previous: HistoryState | null; state: HistoryState }) {
  const pair = useDeferredValue({ previous, state });
  if (!pair.previous) return null;
  const before = typeof pair.previous.fields.description === 'string' ? pair.previous.fields.description : '';
  const after = typeof pair.state.fields.description === 'string' ? pair.state.fields.description : '';
  if (before === after) return null;
  return (
    <div className="history-diff" data-testid="history-description-diff" aria-label={T.descriptionDiff}>
      {descriptionDiff(pair.state, before, after).map((part, i) =>
        part.added ? (
          <ins key={i}>{part.value}</ins>
        ) : part.removed ? (
          <del key={i}>{part.value}</del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </div>
  );
}

/** One note as it stood; a step keeps the note objects it did not change, so their rows skip rendering. */
const HistoryNoteRow = memo(function HistoryNoteRow({ note: n }: { note: HistoryNote }) {
  return (
    <li className={`history-note${n.system ? ' history-note--system' : ''}`} data-testid="history-note">
      <span className="history-note__author">{n.author ? `@${n.author.username}` : ''}</span> <span className="history-note__body">{n.body}</span>
      {n.internal && <span className="badge badge--warning">Internal</span>}
      {n.resolved && <span className="badge badge--neutral">Resolved</span>}
    </li>
  );
});

/** The discussion at one step; steps that leave the notes as they were share the array, and skip this. */
const HistoryNotes = memo(function HistoryNotes({ notes }: { notes: readonly HistoryNote[] }) {
  return (
    <ol className="history-notes" data-testid="history-notes">
      {notes.length === 0 && <li className="history-notes__empty">{T.noNotes}</li>}
      {notes.map((n) => (
        <HistoryNoteRow key={n.id} note={n} />
      ))}
    </ol>
  );
});

const timeTracking = (t: TimeStats | undefined): string =>
  t && (t.time_estimate || t.total_time_spent) ? `${t.human_total_time_spent ?? '0h'} spent of ${t.human_time_estimate ?? 'no estimate'}` : T.none;

const people = (users: readonly UserBasic[]) => (users.length ? users.map((u) => `@${u.username}`).join(', ') : T.none);

/** The issue page as one step of its history left it: every text is rendered as text. */
export function HistoryPageView({ state, previous, kind }: { state: HistoryState; previous: HistoryState | null; kind: 'Issue' | 'Epic' | 'MergeRequest' }) {
  const f = state.fields;
  const description = typeof f.description === 'string' ? f.description : '';
  const sidebar: Array<[string, string]> = kind === 'MergeRequest' ? [
    ['Assignees', people(state.assignees)],
    ['Labels', state.labels.length ? state.labels.map((l) => l.name).join(', ') : T.none],
    ['Milestone', named(f.milestone) ?? T.none],
    ['Target branch', named(f.target_branch) ?? T.none],
  ] : kind === 'Epic' ? [
    ['Start date', named(f.start_date) ?? T.none],
    ['Due date', named(f.end_date) ?? T.none],
    ['Confidentiality', f.confidential ? 'Confidential' : 'Not confidential'],
  ] : [
    ['Assignees', people(state.assignees)],
    ['Labels', state.labels.length ? state.labels.map((l) => l.name).join(', ') : T.none],
    ['Milestone', named(f.milestone) ?? T.none],
    ['Iteration', named(f.iteration) ?? T.none],
    ['Weight', named(f.weight) ?? T.none],
    ['Due date', named(f.due_date) ?? T.none],
    ['Health status', named(f.health_status) ?? T.none],
    ['Epic', named(state.epic) ?? T.none],
    ['Confidentiality', f.confidential ? 'Confidential' : 'Not confidential'],
    ['Lock', f.discussion_locked ? 'Locked' : 'Unlocked'],
    ['Time tracking', timeTracking(f.time_stats as TimeStats | undefined)],
    ...(f.issue_type === 'incident' ? [['Severity', named(f.severity) ?? T.none] as [string, string]] : []),
  ];
  return (
    <div className="history-page" data-testid="history-page">
      <div className="history-page__head">
        <span className={`badge ${f.state === 'closed' || f.state === 'merged' ? 'badge--info' : 'badge--success'}`} data-testid="history-state">
          {f.state === 'merged' ? 'Merged' : f.state === 'closed' ? 'Closed' : 'Open'}
        </span>
        <h2 className="history-page__title" data-testid="history-title">
          {typeof f.title === 'string' ? f.title : ''}
        </h2>
      </div>
      <div className="history-page__body">
        <div className="history-page__main">
          <div className="history-page__description" data-testid="history-description">
            {description || <em>{T.noDescription}</em>}
          </div>
          <DescriptionDiff previous={previous} state={state} />
          <HistoryNotes notes={state.notes} />
        </div>
        <dl className="history-sidebar" data-testid="history-sidebar">
          {sidebar.map(([k, v]) => (
            <div key={k} className="history-sidebar__row">
              <dt>{k}</dt>
              <dd data-testid={`history-${k.toLowerCase().replace(/\s+/g, '-')}`}>{v}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
