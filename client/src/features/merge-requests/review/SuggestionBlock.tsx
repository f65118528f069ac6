import { useState } from 'react';
import { suggestionId, SUGGESTION_TEXTS, type ApiNote, type ApiSuggestion } from '@tandem/shared-types';
import { errorText, requestJson } from '../../../shared/api/http';

/** The batch of suggestions a viewer is collecting (GitLab's batchSuggestionsInfo), shared by a tab's blocks. */
export interface SuggestionBatch {
  ids: readonly number[];
  toggle: (id: number) => void;
  clear: () => void;
}

const lines = (text: string) => (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');

/**
 * A diff note's code suggestions as proposed changes (the lines it replaces, then its lines), with
 * Apply suggestion, Add suggestion to batch / Remove from batch, and Apply N suggestions for the
 * batch. An applied suggestion says Applied. Ids follow from the note's id (note id × 100 + place),
 * so a note that arrived live is applied by the same ids as one read from the server.
 */
export function SuggestionBlocks({ note, canApply, batch }: { note: ApiNote; canApply: boolean; batch: SuggestionBatch }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const suggestions: ApiSuggestion[] = (note.suggestions ?? []).map((s, i) => ({ ...s, id: suggestionId(Number(note.id), i) }));
  if (!suggestions.length) return null;
  const apply = async (ids: readonly number[]) => {
    setBusy(true);
    setError(null);
    const res =
      ids.length === 1 && !batch.ids.length
        ? await requestJson(`/api/v4/suggestions/${ids[0]}/apply`, { method: 'PUT', body: {} }).catch(() => null)
        : await requestJson('/api/v4/suggestions/batch_apply', { method: 'PUT', body: { ids } }).catch(() => null);
    setBusy(false);
    if (!res?.ok) return setError(errorText(res?.data, ids.length > 1 ? SUGGESTION_TEXTS.applyBatchFailed : SUGGESTION_TEXTS.applyFailed));
    batch.clear();
  };
  return (
    <div className="suggestions" data-testid="suggestions">
      {suggestions.map((s) => {
        const inBatch = batch.ids.includes(s.id);
        return (
          <div key={s.id} className="suggestion" data-testid="suggestion" data-suggestion-id={s.id} data-applied={s.applied ? 'true' : 'false'}>
            <div className="suggestion-head">
              <span>{SUGGESTION_TEXTS.suggestedChange}</span>
              {s.applied && <span className="badge" data-testid="suggestion-applied">{SUGGESTION_TEXTS.applied}</span>}
              {!s.applied && canApply && s.appliable && (
                <span className="suggestion-actions">
                  {batch.ids.length > 0 && inBatch ? (
                    <button type="button" className="btn btn-sm btn-confirm" disabled={busy} onClick={() => void apply(batch.ids)} data-testid="suggestion-apply-batch">
                      {SUGGESTION_TEXTS.applyBatch(batch.ids.length)}
                    </button>
                  ) : (
                    <button type="button" className="btn btn-sm btn-confirm" disabled={busy || batch.ids.length > 0} aria-busy={busy} onClick={() => void apply([s.id])} data-testid="suggestion-apply">
                      {SUGGESTION_TEXTS.applySuggestion}
                    </button>
                  )}
                  <button type="button" className="btn btn-sm" disabled={busy} onClick={() => batch.toggle(s.id)} data-testid="suggestion-batch-toggle">
                    {inBatch ? SUGGESTION_TEXTS.removeFromBatch : SUGGESTION_TEXTS.addToBatch}
                  </button>
                </span>
              )}
            </div>
            <table className="suggestion-diff">
              <tbody>
                {lines(s.from_content).map((l, i) => (
                  <tr key={`o${i}`} className="diff-line old">
                    <td className="diff-num">{s.from_line + i}</td>
                    <td className="diff-code old" data-sign="-">{l}</td>
                  </tr>
                ))}
                {(s.to_content ? lines(s.to_content) : []).map((l, i) => (
                  <tr key={`n${i}`} className="diff-line new">
                    <td className="diff-num">{s.from_line + i}</td>
                    <td className="diff-code new" data-sign="+">{l}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
