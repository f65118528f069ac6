import { useState, type ReactNode } from 'react';
import { ComboboxList } from '../../../shared/ui/ComboboxList';
import { useDebouncedValue } from '../../../shared/search/useDebouncedSearch';

/**
 * The search box of a single-choice dropdown: `term` is the trimmed search, after `debounceMs`
 * (0: at once). `reset` empties both (the dropdown opening or closing).
 */
export function useDropdownSearch(debounceMs: number) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), debounceMs);
  const reset = () => setSearch('');
  // An emptied box (reset, or cleared by hand) lists everything at once
  const trimmed = search.trim();
  return { search, setSearch, term: debounceMs && trimmed ? debounced : trimmed, reset };
}

interface SearchableDropdownProps<T extends { id: number }> {
  testId: string;
  /** The search box's accessible name ('Search milestones'). */
  searchLabel: string;
  listLabel: string;
  /** The first option, which clears the field ('No milestone'). */
  noneLabel: string;
  items: readonly T[];
  currentId: number | null;
  saving: boolean;
  search: string;
  onSearch(value: string): void;
  onChoose(id: number | null): void;
  renderItem(item: NoInfer<T>): ReactNode;
  itemTitle?(item: NoInfer<T>): string | undefined;
  /** Shown when the list could not be fetched. */
  fetchError: string | null;
}

/** A sidebar widget's single-choice dropdown (milestone, iteration): a search box, 'No ...' and the items, the current one checked (ComboboxList). */
export function SearchableDropdown<T extends { id: number }>(p: SearchableDropdownProps<T>) {
  type Option = { id: number | null; item: T | null };
  const options: Option[] = [{ id: null, item: null }, ...p.items.map((item) => ({ id: item.id, item }))];
  return (
    <div className="sidebar-dropdown">
      <ComboboxList<Option>
        testId={p.testId}
        inputLabel={p.searchLabel}
        listLabel={p.listLabel}
        items={options}
        itemKey={(o) => String(o.id ?? 'none')}
        isChosen={(o) => o.id === p.currentId}
        itemTitle={(o) => (o.item ? p.itemTitle?.(o.item) : undefined)}
        renderItem={(o) => (o.item ? <span>{p.renderItem(o.item)}</span> : p.noneLabel)}
        inputValue={p.search}
        onInputValueChange={p.onSearch}
        onSelect={(o) => p.onChoose(o.id)}
        disabled={p.saving}
      >
        {p.fetchError && (
          <p className="field-error" role="alert">
            {p.fetchError}
          </p>
        )}
      </ComboboxList>
    </div>
  );
}
