import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { spriteIcon } from '../../shared/ui/Icon';
import { DISCUSSION_LIMITS, DISCUSSION_TEXTS } from '@tandem/shared-types';
import { useDebouncedValue } from '../../shared/search/useDebouncedSearch';
import { COMMON_EMOJI, EMOJI_CATEGORIES, searchEmojis, type EmojiEntry } from '../../shared/emoji/emojiData';
import { addFrequentEmoji, readFrequentEmojis } from './frequentEmojis';
import { takeMenuCreated } from './emojiMenuCreation';
import { useEmojiData } from '../../shared/emoji/useEmojiData';
import { Emoji } from '../../shared/emoji/Emoji';
import './awards.css';

interface EmojiPickerProps {
  /** Called with GitLab's name of the chosen emoji (thumbsup, tada, ...). */
  onSelect(name: string): void;
  disabled?: boolean;
  label?: string;
}

/** Emoji buttons per row of the grid (arrow up/down move by a row). */
const COLUMNS = 8;

/**
 * The add-reaction button and its emoji menu: a search box (debounced), "Frequently used" and
 * category tabs. A dialog popover: focus goes to the search box, arrows move through the
 * emojis, Escape or a click outside closes it and focus returns to the button. The page's
 * first menu is built hidden and appears 200 ms later (spec); the categories come with the
 * emoji data, and when it cannot load the menu says so and keeps the frequently used emojis.
 */
export function EmojiPicker({ onSelect, disabled, label = 'Add reaction' }: EmojiPickerProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <div className="emoji-picker" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="btn btn--icon btn--tertiary award-button award-button--add"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        data-testid="add-reaction"
        onClick={() => setOpen((o) => !o)}
      >
        {spriteIcon('smile-plus', 16)}
      </button>
      {open && (
        <EmojiPanel
          id={panelId}
          onClose={() => close(true)}
          onSelect={(name) => {
            addFrequentEmoji(name);
            close(true);
            onSelect(name);
          }}
        />
      )}
    </div>
  );
}

function EmojiPanel({ id, onClose, onSelect }: { id: string; onClose(): void; onSelect(name: string): void }) {
  const { data, failed } = useEmojiData(true);
  const [shown, setShown] = useState(takeMenuCreated);
  const [input, setInput] = useState('');
  const [category, setCategory] = useState(EMOJI_CATEGORIES[0]!.id);
  const [frequent] = useState(readFrequentEmojis);
  const search = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const ids = { search: useId(), tabs: useId(), panel: useId() };

  useEffect(() => {
    if (shown) return;
    const t = setTimeout(() => setShown(true), DISCUSSION_LIMITS.emojiMenuFirstShowDelayMs);
    return () => clearTimeout(t);
  }, [shown]);
  useEffect(() => {
    if (shown) search.current?.focus();
  }, [shown]);
  // Spec: the search is debounced 500 ms
  const query = useDebouncedValue(input, DISCUSSION_LIMITS.emojiSearchDebounceMs);

  // Before (or without) the emoji data, the frequently used emojis the page knows already
  const frequentEntries = useMemo(() => frequent.map((n) => data?.byName.get(n) ?? commonEntry(n)).filter((e): e is EmojiEntry => !!e), [data, frequent]);
  const results = useMemo(() => (data && query.trim() ? searchEmojis(data, query) : null), [data, query]);
  const groups = EMOJI_CATEGORIES.find((c) => c.id === category)!.groups;
  const inCategory = useMemo(() => (data ? data.list.filter((e) => groups.includes(e.group)) : []), [data, groups]);

  function onGridKeys(e: KeyboardEvent<HTMLDivElement>) {
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>('button[data-emoji]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[e.key];
    if (step === undefined || at < 0) return;
    e.preventDefault();
    const next = at + step;
    if (next < 0) search.current?.focus();
    else buttons[Math.min(next, buttons.length - 1)]?.focus();
  }

  function onPanelKeys(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  }

  const section = (title: string, entries: EmojiEntry[], testId: string) => (
    <section className="emoji-panel__section" aria-label={title} data-testid={testId}>
      <h3 className="emoji-panel__heading">{title}</h3>
      <div className="emoji-panel__grid">
        {entries.map((e) => (
          <button key={e.name} type="button" className="emoji-panel__emoji" data-emoji={e.name} aria-label={e.name.replace(/_/g, ' ')} title={`:${e.name}:`} onClick={() => onSelect(e.name)}>
            {/* its Twemoji image where the system has no emoji font (lazy: only those scrolled to load) */}
            <Emoji unicode={e.unicode} name={e.name} />
          </button>
        ))}
      </div>
    </section>
  );

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog handles its own keys (Escape, Tab order) for the controls inside it
    <div id={id} className="emoji-panel" role="dialog" aria-label="Emoji" hidden={!shown} onKeyDown={onPanelKeys}>
      <label className="visually-hidden" htmlFor={ids.search}>
        Search emoji
      </label>
      <input
        ref={search}
        id={ids.search}
        type="search"
        className="input input--small emoji-panel__search"
        placeholder="Search emoji"
        autoComplete="off"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            grid.current?.querySelector<HTMLButtonElement>('button[data-emoji]')?.focus();
          } else if (e.key === 'Enter') {
            e.preventDefault();
            const first = results?.[0];
            if (first) onSelect(first.name);
          }
        }}
      />
      {!results && data && (
        <div className="emoji-panel__tabs" role="tablist" aria-label="Emoji categories" id={ids.tabs}>
          {EMOJI_CATEGORIES.map((c) => (
            <button key={c.id} id={`${ids.tabs}-${c.id}`} type="button" role="tab" aria-selected={c.id === category} aria-controls={ids.panel} className="emoji-panel__tab" onClick={() => setCategory(c.id)}>
              {c.label}
            </button>
          ))}
        </div>
      )}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a tabpanel or region (role set below) whose arrow keys move between its emoji buttons */}
      <div
        id={ids.panel}
        className="emoji-panel__body"
        ref={grid}
        onKeyDown={onGridKeys}
        {...(results
          ? { role: 'region', 'aria-label': 'Search results' }
          : data
            ? { role: 'tabpanel', 'aria-labelledby': `${ids.tabs}-${category}` }
            : { role: 'region', 'aria-label': 'Emoji list' })}
      >
        {!results && frequentEntries.length > 0 && !data && section('Frequently used', frequentEntries, 'emoji-frequent')}
        {failed && (
          <p className="field-error" role="alert">
            {DISCUSSION_TEXTS.emojiCategoriesFailed}
          </p>
        )}
        {!data && !failed && <p className="muted">Loading…</p>}
        {data && results && (results.length ? section('Search results', results, 'emoji-results') : <p className="muted emoji-panel__empty">{DISCUSSION_TEXTS.noEmojisFound}</p>)}
        {data && !results && (
          <>
            {frequentEntries.length > 0 && section('Frequently used', frequentEntries, 'emoji-frequent')}
            {section(EMOJI_CATEGORIES.find((c) => c.id === category)!.label, inCategory, 'emoji-category')}
          </>
        )}
      </div>
    </div>
  );
}

/** A frequently used emoji the page knows without the emoji data (null: not one of them). */
function commonEntry(name: string): EmojiEntry | null {
  const unicode = COMMON_EMOJI[name];
  return unicode ? { name, unicode, label: name.replace(/_/g, ' '), group: -1, shortcodes: [name], tags: [] } : null;
}
