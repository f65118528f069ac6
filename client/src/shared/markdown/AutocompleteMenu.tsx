import type { MarkdownAutocomplete } from './useMarkdownAutocomplete';
import './markdownHelpers.css';

/**
 * The suggestions listbox under the textarea (the textarea is its combobox): the active option
 * follows the arrow keys; a click inserts without taking focus from the textarea.
 */
export function AutocompleteMenu({ autocomplete }: { autocomplete: MarkdownAutocomplete }) {
  const { open, items, active, listboxId, optionId, select } = autocomplete;
  if (!open) return null;
  return (
    <>
      <span className="visually-hidden" role="status">
        {`${items.length} ${items.length === 1 ? 'suggestion' : 'suggestions'}; arrow keys choose, Enter inserts`}
      </span>
      <ul id={listboxId} role="listbox" aria-label="Suggestions" className="md-autocomplete" data-testid="md-autocomplete">
        {items.map((item, i) => (
          <li
            key={item.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="md-autocomplete__option"
            onMouseDown={(e) => {
              e.preventDefault();
              select(i);
            }}
          >
            {item.emoji && (
              <span className="md-autocomplete__emoji" aria-hidden="true">
                {item.emoji}
              </span>
            )}
            {item.color && <span className="md-autocomplete__swatch" style={{ background: item.color }} aria-hidden="true" />}
            <span className="md-autocomplete__label">{item.label}</span>
            {item.detail && <span className="md-autocomplete__detail">{item.detail}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
