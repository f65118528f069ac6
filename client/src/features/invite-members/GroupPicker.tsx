import { useState } from 'react';
import { ComboboxList } from '../../shared/ui/ComboboxList';
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
      <ComboboxList<ApiGroup>
        inputLabel={INVITE_TEXTS.groupLabel}
        visibleLabel
        inputClassName="input"
        placeholder={INVITE_TEXTS.groupPlaceholder}
        listLabel={INVITE_TEXTS.groupLabel}
        items={results}
        itemKey={(g) => String(g.id)}
        itemLabel={(g) => g.full_name}
        isChosen={(g) => group?.id === g.id}
        renderItem={(g) => (
          <span>
            {g.full_name} <span className="muted">{g.full_path}</span>
          </span>
        )}
        inputValue={text}
        onInputValueChange={setText}
        onSelect={choose}
        busy={search.loading}
        autoFocus={false}
        highlightFirst
      >
        {searched && q && !results.length && <p className="muted invite-option--empty">{INVITE_TEXTS.noMatches}</p>}
      </ComboboxList>
    </div>
  );
}
