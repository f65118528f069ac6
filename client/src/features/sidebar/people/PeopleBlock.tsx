import { useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { ASSIGNEE_SEARCH_DEBOUNCE_MS, PEOPLE_TEXTS } from '@tandem/shared-types';
import { Avatar } from '../../../shared/ui/Avatar';
import { ComboboxList } from '../../../shared/ui/ComboboxList';
import { FieldError } from '../../../shared/ui/FieldError';
import { useDebouncedSearch } from '../../../shared/search/useDebouncedSearch';
import { appStore } from '../../../shared/store';
import { currentUserAtom } from '../../session/sessionAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { useDismiss } from '../widgets/useDismiss';
import { collapseAssignees, currentUserFirst, sameSelection, searchTerm, type PersonOption } from './assigneeRules';
import '../widgets/peopleWidgets.css';

/** A person the block lists. */
export interface ListedPerson {
  id: number;
  username: string;
  name: string;
  avatar_url: string | null;
  web_url: string;
}

export interface PeopleBlockProps<P extends ListedPerson> {
  title: string;
  icon: ReactNode;
  testIds: { block: string; dropdown: string; list: string };
  /** The listbox's accessible name ('Assignees', 'Reviewers'). */
  listLabel: string;
  /** The people, in the order shown (the first 5, then '+ N more'). */
  people: readonly P[];
  /** What the collapsed sidebar shows. */
  collapsed: { text: string; tooltip: string; warning?: ReactNode };
  editable: boolean;
  /** Saves the whole list (usernames, in order); resolves to the block's failure text, or null when saved. */
  save(usernames: string[]): Promise<string | null>;
  /** The people matching a search term (trimmed, debounced; a newer search cancels the older). */
  search(term: string, signal: AbortSignal): Promise<PersonOption[]>;
  /** The options offered: with no term, the selection (and whatever else `offered` adds); else the search results. */
  offered?(term: string | null, selected: readonly PersonOption[], results: readonly PersonOption[] | null): PersonOption[];
  /** An option's tooltip. */
  optionTitle?(p: PersonOption): string | undefined;
  /** Called when the dropdown opens (what `offered` adds may be read then). */
  onOpen?(): void;
  /** One listed person, as the `<li>` it is. */
  renderPerson(person: P): ReactElement;
  /** A failure the caller has to show besides the block's own (a re-request of review). */
  otherError?: string | null;
}

/** The first option, which clears the selection. */
const UNASSIGNED = { unassigned: true } as const;
const isNone = (p: PersonOption | typeof UNASSIGNED): p is typeof UNASSIGNED => p === UNASSIGNED;
const asOption = (u: ListedPerson): PersonOption => ({ username: u.username, name: u.name, avatar_url: u.avatar_url, web_url: u.web_url });
const selectionOrResults = (term: string | null, selected: readonly PersonOption[], results: readonly PersonOption[] | null) => [...(term === null ? selected : (results ?? []))];

/**
 * A noteable's people block (an issue's assignees, a merge request's assignees and reviewers;
 * sidebar-and-widgets.md's editable sidebar item): the list (first 5, then '+ N more'); Edit
 * opens a search, several people toggle, 'Unassigned' clears, and the choice is saved when the
 * editor closes (Escape, a click outside, or the button, which reads 'Apply' once something
 * changed); 'assign yourself' when there is nobody.
 */
export function PeopleBlock<P extends ListedPerson>(props: PeopleBlockProps<P>) {
  const { title, icon, testIds, listLabel, people, collapsed, editable, save, offered = selectionOrResults, optionTitle, renderPerson, otherError } = props;
  const me = useAtomValue(currentUserAtom, { store: appStore });
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [selected, setSelected] = useState<PersonOption[]>([]);
  const [query, setQuery] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = people.map((p) => p.username);
  const changed = open && !sameSelection(selected.map((s) => s.username), current);

  const commit = async (usernames: string[]) => {
    setSaving(true);
    setError(null);
    try {
      setError(await save(usernames));
    } finally {
      setSaving(false);
    }
  };
  const close = () => {
    setOpen(false);
    setQuery('');
    const usernames = selected.map((s) => s.username);
    if (!sameSelection(usernames, current)) void commit(usernames);
  };
  useDismiss(rootRef, open, close);

  const term = searchTerm(query);
  const found = useDebouncedSearch<PersonOption[]>(open ? term : null, props.search, { debounceMs: ASSIGNEE_SEARCH_DEBOUNCE_MS });
  const results = term === null ? null : found.data;
  const options = useMemo(() => currentUserFirst(offered(term, selected, results), me?.username ?? null), [offered, term, selected, results, me]);
  const toggle = (p: PersonOption) => setSelected((cur) => (cur.some((s) => s.username === p.username) ? cur.filter((s) => s.username !== p.username) : [...cur, p]));
  const { shown, toggle: moreLabel } = collapseAssignees(people, expanded);
  const edit = editable
    ? {
        open,
        label: changed ? PEOPLE_TEXTS.apply : PEOPLE_TEXTS.edit,
        onToggle: () => {
          if (open) return close();
          setSelected(people.map(asOption));
          setError(null);
          setOpen(true);
          props.onOpen?.();
        },
      }
    : undefined;

  return (
    <div ref={rootRef}>
      <SidebarBlock title={title} icon={icon} testId={testIds.block} collapsed={collapsed} edit={edit}>
        {open && (
          <div className="people-dropdown" data-testid={testIds.dropdown}>
            <ComboboxList<PersonOption | typeof UNASSIGNED>
              inputLabel={PEOPLE_TEXTS.searchUsers}
              placeholder={PEOPLE_TEXTS.searchUsers}
              listLabel={listLabel}
              items={term === null ? [UNASSIGNED, ...options] : options}
              itemKey={(p) => (isNone(p) ? '' : p.username)}
              itemLabel={(p) => (isNone(p) ? PEOPLE_TEXTS.unassigned : `${p.name} @${p.username}`)}
              isChosen={(p) => (isNone(p) ? selected.length === 0 : selected.some((s) => s.username === p.username))}
              itemTitle={optionTitle ? (p) => (isNone(p) ? undefined : optionTitle(p)) : undefined}
              renderItem={(p) =>
                isNone(p) ? (
                  PEOPLE_TEXTS.unassigned
                ) : (
                  <>
                    <Avatar user={p} size={24} decorative />
                    <span>
                      <span className="user-list__name">{p.name}</span> <span className="muted">@{p.username}</span>
                    </span>
                  </>
                )
              }
              inputValue={query}
              onInputValueChange={setQuery}
              onSelect={(p) => (isNone(p) ? setSelected([]) : toggle(p))}
              multiple
              busy={found.loading}
            >
              {term !== null && results !== null && !found.loading && !found.error && options.length === 0 && <p className="muted">{PEOPLE_TEXTS.noMatchingResults}</p>}
              <FieldError message={found.error ? PEOPLE_TEXTS.searchUsersFailed : null} />
            </ComboboxList>
          </div>
        )}
        {!open &&
          (people.length ? (
            <>
              <ul className="user-list" data-testid={testIds.list}>
                {shown.map(renderPerson)}
              </ul>
              {moreLabel && (
                <button type="button" className="link-button" onClick={() => setExpanded((v) => !v)}>
                  {moreLabel}
                </button>
              )}
            </>
          ) : (
            <span className="muted">
              {PEOPLE_TEXTS.none}
              {editable && me && (
                <>
                  {' - '}
                  <button type="button" className="link-button" disabled={saving} onClick={() => void commit([me.username])}>
                    {PEOPLE_TEXTS.assignYourself}
                  </button>
                </>
              )}
            </span>
          ))}
        <FieldError message={error ?? otherError} />
      </SidebarBlock>
    </div>
  );
}
