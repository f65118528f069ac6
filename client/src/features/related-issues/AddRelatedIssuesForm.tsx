import { useEffect, useId, useRef, useState } from 'react';
import { useCombobox } from 'downshift';
import { X } from 'lucide-react';
import { DISCUSSION_TEXTS, LINK_TYPES, LINK_TYPE_LABELS, type LinkType } from '@tandem/shared-types';
import { addPending, parseReferences, splitTyped } from './parseReferences';

interface AddRelatedIssuesFormProps {
  /** Sends the references; resolves to the server's error message, or null when added. */
  onSubmit(references: string[], linkType: LinkType): Promise<string | null>;
  onCancel(): void;
  /** Issues matching what follows a typed `#` (the project's issue autocomplete source). */
  suggest?(term: string, signal: AbortSignal): Promise<Array<{ iid: number; title: string }>>;
}

/**
 * The add form: the relation (relates to by default) and an input whose typed references become
 * pending tokens (removable one by one). Add is disabled while both are empty or while sending;
 * the server's message is shown when it refuses, keeping what was typed.
 */
export function AddRelatedIssuesForm({ onSubmit, onCancel, suggest }: AddRelatedIssuesFormProps) {
  const [linkType, setLinkType] = useState<LinkType>('relates_to');
  const [pending, setPending] = useState<string[]>([]);
  const [input, setInput] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), label: useId(), relation: useId(), error: useId() };
  const empty = pending.length === 0 && input.trim() === '';

  useEffect(() => field.current?.focus(), []);

  // `#` opens suggestions from the project's issues (GitLab's related issues input)
  const hash = /^#(\S*)$/.exec(input.trim());
  const term = hash ? hash[1]! : null;
  const [suggestions, setSuggestions] = useState<Array<{ iid: number; title: string }>>([]);
  useEffect(() => {
    if (term === null || !suggest) return setSuggestions([]);
    const controller = new AbortController();
    const t = setTimeout(() => void suggest(term, controller.signal).then((s) => !controller.signal.aborted && setSuggestions(s), () => undefined), 150);
    return () => (clearTimeout(t), controller.abort());
  }, [term, suggest]);
  const combobox = useCombobox({
    inputId: ids.input,
    labelId: ids.label,
    items: term === null ? [] : suggestions,
    inputValue: input,
    selectedItem: null,
    itemToString: (i) => (i ? `#${i.iid}` : ''),
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) onType(inputValue ?? '');
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      setPending((p) => addPending(p, [`#${selectedItem.iid}`]));
      setInput('');
    },
  });
  const listOpen = combobox.isOpen && term !== null && suggestions.length > 0;

  function onType(value: string) {
    const { done, rest } = splitTyped(value);
    if (done.length) setPending((p) => addPending(p, done));
    setInput(rest);
  }

  async function submit() {
    if (empty || submitting) return;
    const refs = addPending(pending, parseReferences(input));
    setPending(refs);
    setInput('');
    setSubmitting(true);
    setError(null);
    const failure = await onSubmit(refs, linkType);
    setSubmitting(false);
    if (failure) setError(failure);
    else setPending([]);
  }

  return (
    <form
      className="related-form"
      aria-label="Add related issues"
      data-testid="related-add-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="related-form__relation">
        <legend className="related-form__legend">The current issue</legend>
        {LINK_TYPES.map((t) => (
          <label key={t} className="related-form__radio">
            <input type="radio" name={ids.relation} value={t} checked={linkType === t} onChange={() => setLinkType(t)} /> {LINK_TYPE_LABELS[t]}
          </label>
        ))}
      </fieldset>
      <label id={ids.label} htmlFor={ids.input} className="related-form__legend">
        the following issues
      </label>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the token area focuses its input, which the keyboard reaches directly */}
      <div className="related-form__tokens" onClick={() => field.current?.focus()}>
        {pending.map((r) => (
          <span key={r} className="related-token" data-testid="related-pending-token">
            {r}
            <button type="button" className="related-token__remove" aria-label={`Remove ${r}`} onClick={() => setPending((p) => p.filter((x) => x !== r))}>
              <X size={12} aria-hidden="true" />
            </button>
          </span>
        ))}
        <input
          {...combobox.getInputProps({
            ref: field,
            onKeyDown: (e) => {
              if (e.key === 'Backspace' && input === '' && pending.length) setPending((p) => p.slice(0, -1));
              // Escape closes the suggestions first, then the form
              else if (e.key === 'Escape' && !listOpen) onCancel();
            },
          })}
          className="related-form__input"
          autoComplete="off"
          placeholder={pending.length ? '' : 'Paste issue link or <#issue id>'}
          aria-invalid={!!error}
          aria-describedby={error ? ids.error : undefined}
        />
      </div>
      <ul {...combobox.getMenuProps({ 'aria-label': 'Issues' })} className={`related-form__suggestions${listOpen ? ' is-open' : ''}`}>
        {listOpen &&
          suggestions.map((item, index) => (
            <li key={item.iid} {...combobox.getItemProps({ item, index })} className={`related-form__suggestion${combobox.highlightedIndex === index ? ' is-active' : ''}`}>
              <span className="muted">#{item.iid}</span> {item.title}
            </li>
          ))}
      </ul>
      {error && (
        <p id={ids.error} className="field-error" role="alert" data-testid="related-error">
          {error}
        </p>
      )}
      <div className="related-form__actions">
        <button type="submit" className="btn btn--confirm" disabled={empty || submitting} aria-busy={submitting}>
          Add
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The add failure's text: the server's message when it gave one (spec §8). */
export function addFailureText(message: unknown): string {
  return typeof message === 'string' && message ? message : DISCUSSION_TEXTS.relatedNotFound;
}
