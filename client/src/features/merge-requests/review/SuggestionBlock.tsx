import { useState } from 'react';
import { atom } from 'jotai';
import { suggestionId, SUGGESTION_TEXTS, type ApiNote, type ApiSuggestion } from '@tandem/shared-types';
import { errorText, requestJson } from '../../../shared/api/http';
import { appStore } from '../../../shared/store';
import { useStoreValue } from '../../../shared/useStoreValue';
import { notesPollPausedAtom } from '../../notes/notesAtoms';

/** The batch of suggestions a viewer is collecting (GitLab's batchSuggestionsInfo), shared by a tab's blocks. */
export interface SuggestionBatch {
  ids: readonly number[];
  toggle: (id: number) => void;
  clear: () => void;
}

/** The suggestions of a batch being applied (GitLab's is_applying_batch), page-wide: every block of the batch shows it. */
export const applyingBatchAtom = atom<readonly number[]>([]);
applyingBatchAtom.debugLabel = 'applyingBatchAtom';

/**
 * Applies suggestions: one (PUT /suggestions/:id/apply) or a batch (PUT /suggestions/batch_apply),
 * with the commit message when one is typed (the server's default otherwise). Notes polling is
 * paused meanwhile, and a batch's suggestions say is_applying_batch.
 */
async function applySuggestions(ids: readonly number[], batch: boolean, message: string) {
  const body = { ...(batch ? { ids } : {}), ...(message.trim() ? { commit_message: message } : {}) };
  appStore.set(notesPollPausedAtom, (n) => n + 1);
  if (batch) appStore.set(applyingBatchAtom, ids);
  try {
    return batch
      ? await requestJson('/api/v4/suggestions/batch_apply', { method: 'PUT', body }).catch(() => null)
      : await requestJson(`/api/v4/suggestions/${ids[0]}/apply`, { method: 'PUT', body }).catch(() => null);
  } finally {
    appStore.set(notesPollPausedAtom, (n) => n - 1);
    if (batch) appStore.set(applyingBatchAtom, []);
  }
}

/** GitLab's apply dropdown: the button opens a commit message field (the default message as its placeholder) and Apply. */
function ApplyDropdown({ label, busy, disabled, testId, onApply }: { label: string; busy: boolean; disabled: boolean; testId: string; onApply: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  return (
    <span className="suggestion-apply-dropdown">
      <button type="button" className="btn btn-sm btn-confirm" disabled={disabled} aria-busy={busy} aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid={testId}>
        {label}
      </button>
      {open && (
        <span className="suggestion-apply-panel" role="group" aria-label={label}>
          <textarea aria-label={SUGGESTION_TEXTS.commitMessageLabel} placeholder={SUGGESTION_TEXTS.defaultCommitMessage} value={message} onChange={(e) => setMessage(e.target.value)} rows={2} data-testid="suggestion-commit-message" />
          <button
            type="button"
            className="btn btn-sm btn-confirm"
            disabled={busy}
            onClick={() => {
              setOpen(false);
              onApply(message);
            }}
            data-testid="suggestion-apply-confirm"
          >
            {SUGGESTION_TEXTS.apply}
          </button>
        </span>
      )}
    </span>
  );
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
  const applyingBatch = useStoreValue(applyingBatchAtom);
  const suggestions: ApiSuggestion[] = (note.suggestions ?? []).map((s, i) => ({ ...s, id: suggestionId(Number(note.id), i) }));
  if (!suggestions.length) return null;
  const apply = async (ids: readonly number[], message: string) => {
    setBusy(true);
    setError(null);
    // A batch is applied as a batch (batch_apply) and fails as one, even a batch of one
    const asBatch = ids.length > 1 || batch.ids.length > 0;
    const res = await applySuggestions(ids, asBatch, message);
    setBusy(false);
    if (!res?.ok) return setError(errorText(res?.data, asBatch ? SUGGESTION_TEXTS.applyBatchFailed : SUGGESTION_TEXTS.applyFailed));
    batch.clear();
  };
  return (
    <div className="suggestions" data-testid="suggestions">
      {suggestions.map((s) => {
        const inBatch = batch.ids.includes(s.id);
        const isApplyingBatch = applyingBatch.includes(s.id);
        return (
          <div key={s.id} className="suggestion" data-testid="suggestion" data-suggestion-id={s.id} data-applied={s.applied ? 'true' : 'false'} data-applying-batch={isApplyingBatch ? 'true' : 'false'} aria-busy={isApplyingBatch}>
            <div className="suggestion-head">
              <span>{SUGGESTION_TEXTS.suggestedChange}</span>
              {s.applied && <span className="badge" data-testid="suggestion-applied">{SUGGESTION_TEXTS.applied}</span>}
              {!s.applied && canApply && s.appliable && (
                <span className="suggestion-actions">
                  {batch.ids.length > 0 && inBatch ? (
                    <ApplyDropdown label={SUGGESTION_TEXTS.applyBatch(batch.ids.length)} busy={busy} disabled={busy} testId="suggestion-apply-batch" onApply={(m) => void apply(batch.ids, m)} />
                  ) : (
                    <ApplyDropdown label={SUGGESTION_TEXTS.applySuggestion} busy={busy} disabled={busy || batch.ids.length > 0} testId="suggestion-apply" onApply={(m) => void apply([s.id], m)} />
                  )}
                  <button type="button" className="btn btn-sm" disabled={busy || isApplyingBatch} onClick={() => batch.toggle(s.id)} data-testid="suggestion-batch-toggle">
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
