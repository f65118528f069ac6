import type { ReactNode } from 'react';
import { useCombobox } from 'downshift';
import { Check } from 'lucide-react';
import './comboboxList.css';

export interface ComboboxListProps<T> {
  testId?: string;
  /** The search box's accessible name ('Search milestones'); shown as its label when `visibleLabel`. */
  inputLabel: string;
  visibleLabel?: boolean;
  inputClassName?: string;
  placeholder?: string;
  /** The listbox's accessible name ('Milestone'). */
  listLabel: string;
  items: readonly T[];
  itemKey(item: T): string;
  /** Chosen (checked): the current value, or one of a multiple choice's selection. */
  isChosen(item: T): boolean;
  renderItem(item: T): ReactNode;
  itemTitle?(item: T): string | undefined;
  /** A screen reader's name of the option (default: its text). */
  itemLabel?(item: T): string;
  inputValue: string;
  onInputValueChange(value: string): void;
  /** Enter on the active option, or a click on one. */
  onSelect(item: T): void;
  /** The first option is active as the text changes (Enter takes the first match; arrows move on). */
  highlightFirst?: boolean;
  /** Escape in the box (widgets without useDismiss): close the editor. */
  onEscape?(): void;
  /** Several may be chosen (labels, assignees): the list is aria-multiselectable. */
  multiple?: boolean;
  busy?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Shown after the list (no results, errors). */
  children?: ReactNode;
}

/**
 * The one combobox/listbox of the sidebar's dropdowns and pickers, on Downshift's useCombobox
 * (docs/decisions.md, Client): focus stays in the search box, arrow keys move the active
 * option (announced through aria-activedescendant), Enter or a click chooses it; options are
 * plain `role=option` items with no buttons inside. Escape and closing belong to the widget
 * that opens it (SidebarBlock returns focus to its Edit button).
 */
export function ComboboxList<T>(p: ComboboxListProps<T>) {
  const { getInputProps, getLabelProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<T>({
    items: p.items as T[],
    isOpen: true,
    inputValue: p.inputValue,
    selectedItem: null,
    ...(p.highlightFirst ? { defaultHighlightedIndex: 0 } : {}),
    itemToString: (item) => (item === null ? '' : (p.itemLabel?.(item) ?? '')),
    itemToKey: (item: T | null) => (item === null ? null : p.itemKey(item)),
    onStateChange: ({ type, selectedItem }) => {
      if ((type === useCombobox.stateChangeTypes.InputKeyDownEnter || type === useCombobox.stateChangeTypes.ItemClick) && selectedItem != null && !p.disabled) {
        p.onSelect(selectedItem);
      }
    },
    // The list stays as it is after a choice: the box keeps its text, the active option stays
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          return { ...changes, inputValue: state.inputValue, highlightedIndex: state.highlightedIndex };
        case useCombobox.stateChangeTypes.InputBlur:
          return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
        default:
          return changes;
      }
    },
  });
  return (
    <div className="combobox-list" data-testid={p.testId}>
      {p.visibleLabel && <label {...getLabelProps({ className: 'field__label' })}>{p.inputLabel}</label>}
      <input
        {...getInputProps({
          className: p.inputClassName ?? 'input input--small',
          type: 'search',
          autoComplete: 'off',
          placeholder: p.placeholder ?? 'Search',
          ...(p.visibleLabel ? {} : { 'aria-label': p.inputLabel }),
          autoFocus: p.autoFocus ?? true,
          // The text is ours, set in the change event itself: Downshift reports changes after
          // rendering, which would drop a fast typist's keys from a controlled box
          value: p.inputValue,
          onChange: (e) => p.onInputValueChange(e.currentTarget.value),
          onKeyDown: (e) => {
            if (e.key !== 'Escape' || !p.onEscape) return;
            e.stopPropagation();
            (e.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
            p.onEscape();
          },
        })}
      />
      <ul {...getMenuProps({ className: 'combobox-list__options', 'aria-label': p.listLabel, 'aria-multiselectable': p.multiple || undefined, 'aria-busy': p.busy || undefined })}>
        {p.items.map((item, index) => {
          const chosen = p.isChosen(item);
          return (
            <li
              key={p.itemKey(item)}
              className={`combobox-list__option${highlightedIndex === index ? ' is-active' : ''}`}
              title={p.itemTitle?.(item)}
              {...getItemProps({ item, index, disabled: p.disabled, 'aria-selected': chosen })}
            >
              <span className="combobox-list__check" aria-hidden="true">
                {chosen && <Check size={14} />}
              </span>
              {p.renderItem(item)}
            </li>
          );
        })}
      </ul>
      {p.children}
    </div>
  );
}
