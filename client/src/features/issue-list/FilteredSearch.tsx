import { useEffect, useState } from 'react';
import { useCombobox } from 'downshift';
import { Search, X } from 'lucide-react';
import { TOKEN_SPECS, TOKEN_TYPES, tokenText, type FilterToken, type TokenOperator, type TokenType } from './filterTokens';
import { knownValueName, loadEpicNames, rememberValueNames, tokenSuggestions, type Suggestion } from './tokenSuggestions';
import './filteredSearch.css';

type Item = { kind: 'type'; type: TokenType; label: string } | { kind: 'operator'; operator: TokenOperator; label: string } | { kind: 'value'; value: string; label: string };

interface Pending {
  type: TokenType;
  operator?: TokenOperator;
}

interface FilteredSearchProps {
  projectPath: string;
  tokens: FilterToken[];
  search: string;
  /** A token added or removed, or the search text submitted. */
  onChange(tokens: FilterToken[], search: string): void;
  /** The token types offered (all by default); none makes it a plain search box. */
  tokenTypes?: readonly TokenType[];
}

/**
 * GitLab's filtered search: one combobox that builds tokens in three steps (type, then "is" or
 * "is not", then a value from the project's data or a wildcard), with free text as the search.
 * downshift gives the ARIA combobox + listbox, arrow keys, Enter and Escape.
 */
export function FilteredSearch({ projectPath, tokens, search, onChange, tokenTypes = TOKEN_TYPES }: FilteredSearchProps) {
  const [text, setText] = useState(search);
  const [pending, setPending] = useState<Pending | null>(null);
  const [values, setValues] = useState<Suggestion[]>([]);
  useEffect(() => setText(search), [search]);

  const stage = !pending ? 'type' : !pending.operator ? 'operator' : 'value';
  const term = stage === 'type' ? text.trim().toLowerCase() : text.trim();
  useEffect(() => {
    if (stage !== 'value' || !pending) return;
    const controller = new AbortController();
    const t = setTimeout(
      () =>
        void tokenSuggestions(pending.type, projectPath, term, controller.signal).then((v) => {
          if (controller.signal.aborted) return;
          rememberValueNames(pending.type, v);
          setValues(v);
        }),
      150,
    );
    return () => (clearTimeout(t), controller.abort());
  }, [stage, pending, projectPath, term]);

  // Epic tokens hold the epic's id (GitLab's epic_id, kept in the URL); their chips show its title
  const [, setNamesRead] = useState(0);
  const unnamedEpics = tokens.filter((t) => t.type === 'epic' && /^\d+$/.test(t.value) && !knownValueName('epic', t.value)).map((t) => t.value);
  const unnamedKey = unnamedEpics.join(',');
  useEffect(() => {
    if (!unnamedKey) return;
    const controller = new AbortController();
    void loadEpicNames(projectPath, unnamedKey.split(','), controller.signal).then(() => !controller.signal.aborted && setNamesRead((n) => n + 1));
    return () => controller.abort();
  }, [projectPath, unnamedKey]);
  const chipText = (t: FilterToken) => tokenText(t, knownValueName(t.type, t.value));

  const items: Item[] =
    stage === 'type'
      ? tokenTypes.filter((t) => TOKEN_SPECS[t].title.toLowerCase().includes(term) && (TOKEN_SPECS[t].multiple || !tokens.some((k) => k.type === t))).map((t) => ({ kind: 'type', type: t, label: TOKEN_SPECS[t].title }))
      : stage === 'operator'
        ? ([{ kind: 'operator', operator: '=', label: 'is' }, ...(TOKEN_SPECS[pending!.type].negatable ? [{ kind: 'operator', operator: '!=', label: 'is not' }] : [])] as Item[])
        : values.map((v) => ({ kind: 'value', value: v.value, label: v.label }));

  const addToken = (value: string) => {
    if (!pending?.operator || !value) return;
    const token: FilterToken = { type: pending.type, operator: pending.operator, value };
    setPending(null);
    setText('');
    setValues([]);
    onChange([...tokens, token], '');
  };

  const combobox = useCombobox<Item>({
    items,
    inputValue: text,
    selectedItem: null,
    itemToString: (i) => i?.label ?? '',
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setText(inputValue ?? '');
    },
    onSelectedItemChange: ({ selectedItem: item }) => {
      if (!item) return;
      setText('');
      if (item.kind === 'type') setPending({ type: item.type });
      else if (item.kind === 'operator') setPending((p) => (p ? { ...p, operator: item.operator } : p));
      else addToken(item.value);
    },
    stateReducer: (state, { type, changes }) => {
      // Choosing a step keeps the listbox open for the next one
      if (type === useCombobox.stateChangeTypes.InputKeyDownEnter || type === useCombobox.stateChangeTypes.ItemClick) return { ...changes, isOpen: true, inputValue: '' };
      return changes;
    },
  });

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && combobox.highlightedIndex < 0) {
      e.preventDefault();
      // Enter with nothing highlighted: a typed value completes the token, typed text outside a token is the search
      if (stage === 'value') addToken(text.trim());
      else if (stage === 'type') {
        combobox.closeMenu();
        onChange(tokens, text.trim());
      }
    } else if (e.key === 'Backspace' && text === '') {
      if (pending) setPending(pending.operator ? { type: pending.type } : null);
      else if (tokens.length) onChange(tokens.slice(0, -1), search);
    } else if (e.key === 'Escape' && pending) {
      setPending(null);
    }
  };

  return (
    <form
      className="filtered-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onChange(tokens, stage === 'type' ? text.trim() : search);
      }}
    >
      <div className="filtered-search__box">
        <Search size={16} aria-hidden="true" className="filtered-search__icon" />
        <ul className="filtered-search__tokens" aria-label="Filters">
          {tokens.map((t, i) => (
            <li key={`${t.type}${t.operator}${t.value}${i}`} className="filter-token" data-testid="filter-token">
              <span>{chipText(t)}</span>
              <button type="button" className="filter-token__remove" aria-label={`Remove filter ${chipText(t)}`} onClick={() => onChange(tokens.filter((_, k) => k !== i), search)}>
                <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
          {pending && (
            <li className="filter-token filter-token--pending" data-testid="pending-token">
              {TOKEN_SPECS[pending.type].title} {pending.operator ? (pending.operator === '=' ? 'is' : 'is not') : ''}
            </li>
          )}
        </ul>
        {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- getLabelProps() supplies htmlFor, the input's id */}
        <label {...combobox.getLabelProps()} className="visually-hidden">
          Search or filter results
        </label>
        <input
          {...combobox.getInputProps({ onKeyDown, onFocus: () => combobox.openMenu() })}
          className="filtered-search__input"
          placeholder={pending ? '' : 'Search or filter results…'}
        />
      </div>
      <ul {...combobox.getMenuProps()} className={`filtered-search__menu${combobox.isOpen && items.length ? ' is-open' : ''}`}>
        {combobox.isOpen &&
          items.map((item, index) => (
            <li key={`${item.kind}:${item.label}`} {...combobox.getItemProps({ item, index })} className={`filtered-search__option${combobox.highlightedIndex === index ? ' is-active' : ''}`}>
              {item.label}
            </li>
          ))}
      </ul>
      <button type="submit" className="btn">
        Search
      </button>
    </form>
  );
}
