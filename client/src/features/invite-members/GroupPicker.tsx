import { useId, useState } from 'react';
import { X } from 'lucide-react';
import { INVITE_TEXTS, type ApiGroup } from '@tandem/shared-types';
import { useDebouncedSearch } from '../../shared/search/useDebouncedSearch';
import { searchGroups } from './inviteMembersApi';
import { USER_SEARCH_DEBOUNCE_MS } from './MemberPicker';

/**
 * The group picker of "Invite a group": the search text is trimmed (spec §5); a failed search
 * silently stops loading and shows 'No matching results' (spec §8). One group is chosen.
 */
export function GroupPicker({ open, group, onChange }: { open: boolean; group: ApiGroup | null; onChange(g: ApiGroup | null): void }) {
  const ids = { search: useId(), list: useId() };
  const [text, setText] = useState('');
  const q = text.trim();
  const search = useDebouncedSearch<ApiGroup[]>(open && q ? q : null, searchGroups, { debounceMs: USER_SEARCH_DEBOUNCE_MS });
  // A failed search shows no results, as an empty one does (spec §8)
  const results = search.error ? [] : (search.data ?? []);
  const searched = search.error || search.data !== null;

  const choose = (g: ApiGroup) => {
    onChange(g);
    setText('');
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={ids.search}>
        {INVITE_TEXTS.groupLabel}
      </label>
      {group && (
        <ul className="invite-tokens" aria-label="Chosen">
          <li className="invite-token">
            {group.full_name}
            <button type="button" className="btn btn--icon btn--tertiary" aria-label={`Remove ${group.full_name}`} onClick={() => onChange(null)}>
              <X size={12} aria-hidden="true" />
            </button>
          </li>
        </ul>
      )}
      <input
        id={ids.search}
        className="input"
        placeholder={INVITE_TEXTS.groupPlaceholder}
        autoComplete="off"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={ids.list}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (results[0]) choose(results[0]);
          }
        }}
      />
      <ul id={ids.list} role="listbox" className="invite-options">
        {results.map((g) => (
          <li key={g.id} role="option" aria-selected={group?.id === g.id} className="invite-option" onClick={() => choose(g)}>
            {g.full_name} <span className="muted">{g.full_path}</span>
          </li>
        ))}
        {searched && text.trim() && !results.length && <li className="muted invite-option--empty">{INVITE_TEXTS.noMatches}</li>}
      </ul>
    </div>
  );
}
