import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { ASSIGNEE_AVATAR_SIZE, ASSIGNEE_SEARCH_DEBOUNCE_MS, PEOPLE_TEXTS, type UserBasic } from '@tandem/shared-types';
import { Avatar } from '../../../shared/ui/Avatar';
import { ComboboxList } from '../../../shared/ui/ComboboxList';
import { useDebouncedSearch } from '../../../shared/search/useDebouncedSearch';
import { appStore } from '../../../shared/store';
import { issueAtomFamily, updateIssueAtom } from '../../issue/issueAtoms';
import { currentUserAtom } from '../../session/sessionAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { assigneeTooltip, collapseAssignees, currentUserFirst, mergeSearchResults, sameSelection, searchTerm, type PersonOption } from '../people/assigneeRules';
import { issuePeopleKey, searchUsers, setAssignees } from '../people/peopleApi';
import { useIssuePeople } from '../people/useIssuePeople';
import { UserStatusEmoji } from '../../../shared/emoji/UserStatusEmoji';
import { knownUserStatusesAtom } from '../../user-status/userStatusAtoms';
import './peopleWidgets.css';

interface AssigneesWidgetProps {
  issueKey: string;
  projectPath: string;
  iid: number;
  /** May change assignees (admin_issue). */
  editable: boolean;
}

/** The first option, which clears the selection. */
const UNASSIGNED = { unassigned: true } as const;
const isNone = (p: PersonOption | typeof UNASSIGNED): p is typeof UNASSIGNED => p === UNASSIGNED;

const asPerson = (u: UserBasic): PersonOption => ({ username: u.username, name: u.name, avatar_url: u.avatar_url, web_url: u.web_url });

/**
 * The assignees block (the spec's newer widget): the list (first 5, then '+ N more'), tooltips
 * with '(Busy)'; Edit opens a search over project members merged with participants, several
 * assignees toggle and are saved when it closes (Escape, a click outside, or the button, which
 * reads 'Apply' once something changed); 'Unassigned' clears; 'assign yourself' when none.
 */
export function AssigneesWidget({ issueKey, projectPath, iid, editable }: AssigneesWidgetProps) {
  const assignees = useAtomValue(issueAtomFamily(issueKey))!.assignees;
  const me = useAtomValue(currentUserAtom);
  const queryClient = useQueryClient();
  const version = assignees.map((a) => a.username).join(',');
  const people = useIssuePeople(projectPath, iid, version);
  const busy = useMemo(() => new Map((people.data?.participants ?? []).concat(people.data?.assignees ?? []).map((p) => [p.username, p.availability])), [people.data]);
  const statusOf = useMemo(() => new Map((people.data?.participants ?? []).concat(people.data?.assignees ?? []).map((p) => [p.username, p.status ?? null])), [people.data]);
  const setKnownStatuses = useSetAtom(knownUserStatusesAtom);
  useEffect(() => setKnownStatuses(statusOf), [statusOf, setKnownStatuses]);

  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [selected, setSelected] = useState<PersonOption[]>([]);
  const [query, setQuery] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const current = assignees.map((a) => a.username);
  const changed = open && !sameSelection(selected.map((s) => s.username), current);

  const save = useCallback(
    async (usernames: string[]) => {
      setSaving(true);
      setError(null);
      try {
        const res = await setAssignees(projectPath, iid, usernames);
        if (res.errors.length || !res.assignees) {
          setError(res.errors.length ? `${PEOPLE_TEXTS.updateAssigneesFailed} ${res.errors.join(' ')}` : PEOPLE_TEXTS.updateAssigneesFailed);
          return;
        }
        const next = res.assignees;
        updateIssueAtom(appStore, issueKey, (issue) => ({ ...issue, assignees: next, assignee: next[0] ?? null }));
        if (res.people) {
          const people = res.people;
          queryClient.setQueryData([...issuePeopleKey(projectPath, iid), next.map((a) => a.username).join(',')], (old: { subscribed: boolean } | undefined) => ({ ...people, subscribed: old?.subscribed ?? false }));
        }
      } catch {
        setError(PEOPLE_TEXTS.saveAssigneesFailed);
      } finally {
        setSaving(false);
      }
    },
    [iid, issueKey, projectPath, queryClient],
  );

  const close = useCallback(() => {
    setOpen(false);
    setQuery('');
    const usernames = selected.map((s) => s.username);
    if (!sameSelection(usernames, version ? version.split(',') : [])) void save(usernames);
  }, [selected, version, save]);

  const openEditor = () => {
    setSelected(assignees.map(asPerson));
    setError(null);
    setOpen(true);
  };

  // Escape or a click outside the block closes (and saves)
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close();
      }
    };
    const onDown = (e: MouseEvent) => {
      if (!(e.target instanceof Element) || !e.target.closest('[data-testid="sidebar-assignees"]')) close();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, close]);

  // The search: trimmed, skipped when empty, debounced; a newer search cancels the older
  const term = searchTerm(query);
  const search = useDebouncedSearch<PersonOption[]>(open ? term : null, (t, signal) => searchUsers(projectPath, iid, t, signal), { debounceMs: ASSIGNEE_SEARCH_DEBOUNCE_MS });
  const results = term === null ? null : search.data;
  const searching = search.loading;
  const searchError = search.error ? PEOPLE_TEXTS.searchUsersFailed : null;
  const options = useMemo(() => {
    const participants = people.data?.participants ?? [];
    if (term === null) {
      // No search: the selection, then the participants
      const all = new Map<string, PersonOption>();
      for (const p of [...selected, ...participants]) if (!all.has(p.username)) all.set(p.username, p);
      return currentUserFirst([...all.values()], me?.username ?? null);
    }
    return currentUserFirst(mergeSearchResults(results ?? [], participants, term), me?.username ?? null);
  }, [term, results, selected, people.data, me]);

  const toggle = (p: PersonOption) =>
    setSelected((cur) => (cur.some((s) => s.username === p.username) ? cur.filter((s) => s.username !== p.username) : [...cur, p]));

  const { shown, toggle: moreLabel } = collapseAssignees(assignees, expanded);
  const editButton = editable ? { open, onToggle: () => (open ? close() : openEditor()), label: changed ? PEOPLE_TEXTS.apply : PEOPLE_TEXTS.edit } : undefined;

  return (
    <SidebarBlock title={PEOPLE_TEXTS.assigneeHeader(assignees.length)} icon={<UserRound size={16} />} testId="sidebar-assignees" collapsed={{ text: String(assignees.length), tooltip: assignees.length ? assignees.map((a) => a.name).join(', ') : PEOPLE_TEXTS.assigneeHeader(0) }} edit={editButton}>
      {open && (
        <div className="people-dropdown" data-testid="assignees-dropdown">
          <ComboboxList<PersonOption | typeof UNASSIGNED>
            inputLabel={PEOPLE_TEXTS.searchUsers}
            placeholder={PEOPLE_TEXTS.searchUsers}
            listLabel="Assignees"
            items={term === null ? [UNASSIGNED, ...options] : options}
            itemKey={(p) => (isNone(p) ? '' : p.username)}
            itemLabel={(p) => (isNone(p) ? PEOPLE_TEXTS.unassigned : `${p.name} @${p.username}`)}
            isChosen={(p) => (isNone(p) ? selected.length === 0 : selected.some((s) => s.username === p.username))}
            itemTitle={(p) => (isNone(p) ? undefined : assigneeTooltip({ name: p.name, availability: p.availability ?? busy.get(p.username) }))}
            renderItem={(p) =>
              !isNone(p) ? (
                <>
                  <Avatar user={p} size={24} decorative />
                  <span>
                    <span className="user-list__name">{p.name}</span> <span className="muted">@{p.username}</span>
                  </span>
                </>
              ) : (
                PEOPLE_TEXTS.unassigned
              )
            }
            inputValue={query}
            onInputValueChange={setQuery}
            onSelect={(p) => (isNone(p) ? setSelected([]) : toggle(p))}
            multiple
            busy={searching}
          >
            {term !== null && results !== null && !searching && !searchError && options.length === 0 && <p className="muted">{PEOPLE_TEXTS.noMatchingResults}</p>}
            {searchError && (
              <p className="field-error" role="alert">
                {searchError}
              </p>
            )}
          </ComboboxList>
        </div>
      )}
      {!open &&
        (assignees.length ? (
          <>
            <ul className="user-list" data-testid="assignee-list">
              {shown.map((u) => (
                <li key={u.id}>
                  <a href={u.web_url} className="user-list__item" title={assigneeTooltip({ name: u.name, availability: busy.get(u.username) })}>
                    <Avatar user={u} size={ASSIGNEE_AVATAR_SIZE} decorative />
                    <span>
                      <span className="user-list__name">{u.name}</span> <UserStatusEmoji status={statusOf.get(u.username) ?? null} /> <span className="muted">@{u.username}</span>
                      {busy.get(u.username) === 'busy' && <span className="muted"> {PEOPLE_TEXTS.busy}</span>}
                    </span>
                  </a>
                </li>
              ))}
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
                <button type="button" className="link-button" disabled={saving} onClick={() => void save([me.username])}>
                  {PEOPLE_TEXTS.assignYourself}
                </button>
              </>
            )}
          </span>
        ))}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </SidebarBlock>
  );
}
