import { memo, useDeferredValue, useMemo } from 'react';
import { diffWords } from 'diff';
import { HISTORY_TEXTS as T, type HistoryNote, type HistoryState, type TimeStats, type UserBasic } from '@tandem/shared-types';

const named = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object') return String((v as { title?: unknown }).title ?? (v as { name?: unknown }).name ?? '');
  return String(v);
};

type DiffPart = ReturnType<typeof diffWords>[number];

interface Pair {
  previous: HistoryState | null;
  state: HistoryState;
}

/** Each state's description diff against its step's previous, computed once (states never change; a step revisited is a lookup). */
const diffs = new WeakMap<HistoryState, { before: string; parts: DiffPart[] }>();

const descriptionOf = (s: HistoryState): string => (typeof s.fields.description === 'string' ? s.fields.description : '');

/** The diff a step shows when it costs nothing: null (no change, or the first step) or the one computed before; undefined when it is still to compute. */
function knownDiff({ previous, state }: Pair): DiffPart[] | null | undefined {
  if (!previous) return null;
  const before = descriptionOf(previous);
  if (before === descriptionOf(state)) return null;
  const hit = diffs.get(state);
  return hit && hit.before === before ? hit.parts : undefined;
}

function computeDiff(pair: Pair): DiffPart[] | null {
  const known = knownDiff(pair);
  if (known !== undefined) return known;
  const before = descriptionOf(pair.previous!);
  const parts = diffWords(before, descriptionOf(pair.state));
  diffs.set(pair.state, { before, parts });
  return parts;
}

/**
 * The description change this step made, as words removed and added (text only: nothing in it
 * runs). A step that changed no description, or whose diff was computed before, shows it in the
 * same render as the step (one commit); a diff still to compute renders after the step (a
 * deferred value), so a drag over a long description shows each step at once and the diff of
 * the step it stops on. Only a diff to compute is deferred: a deferred value that changed on
 * every step would cost every step a second render and commit.
 */
function DescriptionDiff({ previous, state }: Pair) {
  const pair = useMemo(() => ({ previous, state }), [previous, state]);
  const known = knownDiff(pair);
  const pending = useDeferredValue(known === undefined ? pair : null);
  const parts = known !== undefined ? known : pending ? computeDiff(pending) : null;
  if (!parts) return null;
  return (
    <div className="history-diff" data-testid="history-description-diff" aria-label={T.descriptionDiff}>
      {parts.map((part, i) =>
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

/**
 * The issue page as one step of its history left it: every text is rendered as text. Memoised:
 * pages loading behind the slider and live events re-render the scrubber, not the step shown.
 */
export const HistoryPageView = memo(function HistoryPageView({ state, previous, kind }: { state: HistoryState; previous: HistoryState | null; kind: 'Issue' | 'Epic' | 'MergeRequest' }) {
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
});
