import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LABEL_COLOR_PATTERN, labelTextColor, scopedLabelParts, TAXONOMY_TEXTS } from '@tandem/shared-types';
import { requestJson } from '../../../shared/api/http';
import { createLabel, labelListKey, type ApiLabel } from './taxonomyApi';

/** GitLab's suggested label colours, as the server serves them (hex to name, in its order). */
async function fetchSuggestedColors(): Promise<Array<[string, string]>> {
  const res = await requestJson<Record<string, string>>('/-/labels/suggested_colors.json');
  if (!res.ok || !res.data) throw new Error(`HTTP ${res.status}`);
  return Object.entries(res.data);
}

/**
 * A label chosen in a labels dropdown (the and the merge request's): toggled; a scoped
 * label replaces its sibling of the same scope (key|value labels are exclusive per key).
 */
export function toggleLabelChoice(current: readonly string[], name: string): string[] {
  if (current.includes(name)) return current.filter((n) => n !== name);
  const scope = scopedLabelParts(name)?.key.toLowerCase();
  const kept = scope === undefined ? current : current.filter((n) => scopedLabelParts(n)?.key.toLowerCase() !== scope);
  return [...kept, name];
}

/**
 * A labels dropdown's create view (sidebar spec §4): a name, GitLab's suggested colours (the first
 * until one is picked or typed) and a colour field; Create makes the project label, adds it to the
 * dropdown's list and hands it to `onCreated`; a refusal says 'Error creating label.'.
 */
export function LabelCreateForm({ projectPath, onCreated, onCancel, onError }: { projectPath: string; onCreated(label: ApiLabel): void; onCancel(): void; onError(message: string | null): void }) {
  const queryClient = useQueryClient();
  const [newName, setNewName] = useState('');
  const suggested = useQuery({ queryKey: ['suggested-label-colors'], queryFn: fetchSuggestedColors, staleTime: Infinity });
  const [picked, setNewColor] = useState<string | null>(null);
  const newColor = picked ?? suggested.data?.[0]?.[0] ?? '';

  const submit = async () => {
    const name = newName.trim();
    if (!name || !LABEL_COLOR_PATTERN.test(newColor)) return;
    onError(null);
    const created = await createLabel(projectPath, name, newColor);
    if (!created) return onError(TAXONOMY_TEXTS.labelCreateFailed);
    queryClient.setQueryData<ApiLabel[]>(labelListKey(projectPath), (old) => [...(old ?? []), created]);
    onCreated(created);
  };

  return (
    <form
      className="sidebar-dropdown__form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <input className="input input--small" aria-label="Label name" placeholder="Label name" value={newName} onChange={(e) => setNewName(e.target.value)} autoFocus />
      <div className="sidebar-dropdown__swatches">
        {(suggested.data ?? []).map(([c, name]) => (
          <button key={c} type="button" className="sidebar-dropdown__swatch" style={{ backgroundColor: c }} title={name} aria-label={`${name} (${c})`} aria-pressed={c === newColor} onClick={() => setNewColor(c)} />
        ))}
      </div>
      <input
        className="input input--small"
        aria-label="Label colour"
        value={newColor}
        onChange={(e) => setNewColor(e.target.value)}
        style={LABEL_COLOR_PATTERN.test(newColor) ? { backgroundColor: newColor, color: labelTextColor(newColor) } : undefined}
      />
      <div className="sidebar-flag__actions">
        <button type="button" className="btn btn--small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--small btn--confirm" disabled={!newName.trim() || !LABEL_COLOR_PATTERN.test(newColor)}>
          Create
        </button>
      </div>
    </form>
  );
}
