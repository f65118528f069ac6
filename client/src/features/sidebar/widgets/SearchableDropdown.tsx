import { useState, type ReactNode } from 'react';
import { Check } from 'lucide-react';
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

/** A sidebar widget's single-choice dropdown (milestone, iteration): a search box, 'No ...' and the items, the current one checked. */
export function SearchableDropdown<T extends { id: number }>(p: SearchableDropdownProps<T>) {
  const option = (id: number | null, label: ReactNode, title?: string) => (
    <li key={id ?? 'none'} role="option" aria-selected={id === p.currentId}>
      <button type="button" className="sidebar-dropdown__item" disabled={p.saving} title={title} onClick={() => p.onChoose(id)}>
        <span className="sidebar-dropdown__check">{id === p.currentId && <Check size={14} aria-hidden="true" />}</span>
        {label}
      </button>
    </li>
  );
  return (
    <div className="sidebar-dropdown" data-testid={p.testId}>
      <input className="input input--small" type="search" aria-label={p.searchLabel} placeholder="Search" value={p.search} onChange={(e) => p.onSearch(e.target.value)} autoFocus />
      <ul className="sidebar-dropdown__list" role="listbox" aria-label={p.listLabel}>
        {option(null, p.noneLabel)}
        {p.items.map((item) => option(item.id, <span>{p.renderItem(item)}</span>, p.itemTitle?.(item)))}
      </ul>
      {p.fetchError && (
        <p className="field-error" role="alert">
          {p.fetchError}
        </p>
      )}
    </div>
  );
}
