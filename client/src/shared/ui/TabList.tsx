import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

/** A tab's label with its count beside it ('–' while unknown). */
export function CountedTabLabel({ label, count, testId }: { label: ReactNode; count: number | null; testId?: string }) {
  return (
    <>
      {label}
      <span className="tab__count" data-testid={testId}>
        {count ?? '–'}
      </span>
    </>
  );
}

/**
 * The one tab-bar pattern (WAI-ARIA tabs, automatic activation): role tablist with a label,
 * role tab with aria-selected; only the selected tab is in the Tab order (roving tabindex);
 * Left/Right arrows move to the previous/next tab (wrapping), Home/End to the first/last,
 * and the tab moved to is selected and focused.
 */
export function TabList<T extends string>({ label, tabs, selected, onSelect, className = 'tabs', tabClassName = 'tab' }: { label: string; tabs: ReadonlyArray<TabItem<NoInfer<T>>>; selected: T; onSelect(id: NoInfer<T>): void; className?: string; tabClassName?: string }) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const focusable = tabs.some((t) => t.id === selected) ? selected : (tabs[0]?.id ?? null);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const to = e.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : e.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (to === null) return;
    e.preventDefault();
    const next = tabs[to]!;
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            if (el) refs.current.set(t.id, el);
            else refs.current.delete(t.id);
          }}
          type="button"
          role="tab"
          className={tabClassName}
          aria-selected={t.id === selected}
          tabIndex={t.id === focusable ? 0 : -1}
          onClick={() => onSelect(t.id)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
