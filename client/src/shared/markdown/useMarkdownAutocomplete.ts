import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { DISCUSSION_LIMITS, noteablePaths } from '@tandem/shared-types';
import { fetchSuggestions, type AutocompleteItem, type EditorSources } from './autocompleteSources';
import { detectTrigger, insertReference, type TriggerMatch } from './detectTrigger';

export interface MarkdownAutocompleteOptions {
  projectPath: string;
  iid: number;
  /** The noteable's database id. */
  id: number;
  /** Where suggestions come from (an epic's group); default: the project's sources for the issue. */
  sources?: Pick<EditorSources, 'autocomplete' | 'autocompleteKinds'>;
  /** Writes the textarea's new text (the textarea is controlled); the caret is placed after. */
  onChange(text: string): void;
}

export interface MarkdownAutocomplete {
  open: boolean;
  items: AutocompleteItem[];
  active: number;
  loading: boolean;
  listboxId: string;
  optionId(index: number): string;
  select(index: number): void;
  close(): void;
  /**
   * Spread onto the textarea: the combobox relations (a multi-line textarea keeps its textbox role,
   * which supports aria-autocomplete and aria-activedescendant) and the trigger detection.
   */
  textareaProps: {
    'aria-autocomplete': 'list';
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
    onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): void;
    onKeyUp(e: KeyboardEvent<HTMLTextAreaElement>): void;
    onClick(): void;
    onBlur(): void;
  };
}

/**
 * Suggestions for the reference typed at the caret (@user, #issue, ~label, %milestone, :emoji:):
 * looks the trigger up after each keystroke, fetches debounced, and inserts the chosen one.
 * Arrow keys move, Enter or Tab insert, Escape closes (and is not passed on to the form).
 */
export function useMarkdownAutocomplete(ref: RefObject<HTMLTextAreaElement | null>, opts: MarkdownAutocompleteOptions): MarkdownAutocomplete {
  const [match, setMatch] = useState<TriggerMatch | null>(null);
  const [items, setItems] = useState<AutocompleteItem[]>([]);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);
  const dismissedAt = useRef<number | null>(null);
  const listboxId = useId();
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const open = match !== null && items.length > 0;

  const detect = useCallback(() => {
    const el = ref.current;
    if (!el || el.selectionStart !== el.selectionEnd) return setMatch(null);
    const m = detectTrigger(el.value, el.selectionStart);
    // Escape closes the menu until the user starts another reference
    if (m && dismissedAt.current === m.start) return setMatch(null);
    dismissedAt.current = null;
    setMatch((cur) => (cur && m && cur.start === m.start && cur.query === m.query && cur.kind === m.kind ? cur : m));
  }, [ref]);

  useEffect(() => {
    if (!match) {
      setItems([]);
      return;
    }
    const ctrl = new AbortController();
    const { projectPath, iid, id, sources } = optsRef.current;
    const t = setTimeout(() => {
      setLoading(true);
      fetchSuggestions(match.kind, match.query, sources ?? noteablePaths(projectPath, iid, id), ctrl.signal)
        .then((found) => {
          if (ctrl.signal.aborted) return;
          setItems(found);
          setActive(0);
        })
        .catch(() => !ctrl.signal.aborted && setItems([]))
        .finally(() => !ctrl.signal.aborted && setLoading(false));
    }, DISCUSSION_LIMITS.autocompleteDebounceMs);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [match]);

  const close = useCallback(() => {
    if (match) dismissedAt.current = match.start;
    setMatch(null);
  }, [match]);

  const select = useCallback(
    (index: number) => {
      const el = ref.current;
      const item = items[index];
      if (!el || !item || !match) return;
      const { text, caret } = insertReference(el.value, match, el.selectionStart, item.insert);
      optsRef.current.onChange(text);
      setMatch(null);
      // After React writes the controlled value, put the caret after the insertion
      requestAnimationFrame(() => {
        el.focus();
        el.setSelectionRange(caret, caret);
      });
    },
    [items, match, ref],
  );

  const optionId = useCallback((i: number) => `${listboxId}-opt-${i}`, [listboxId]);

  return {
    open,
    items,
    active,
    loading,
    listboxId,
    optionId,
    select,
    close,
    textareaProps: {
      'aria-autocomplete': 'list',
      'aria-controls': open ? listboxId : undefined,
      'aria-activedescendant': open ? optionId(active) : undefined,
      onKeyDown(e) {
        if (!open) return;
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          const step = e.key === 'ArrowDown' ? 1 : -1;
          setActive((a) => (a + step + items.length) % items.length);
        } else if ((e.key === 'Enter' && !e.ctrlKey && !e.metaKey) || e.key === 'Tab') {
          e.preventDefault();
          select(active);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      },
      onKeyUp(e) {
        if (['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(e.key) && open) return;
        detect();
      },
      onClick: detect,
      onBlur() {
        // Let a click on an option land first
        setTimeout(() => setMatch(null), 150);
      },
    },
  };
}
