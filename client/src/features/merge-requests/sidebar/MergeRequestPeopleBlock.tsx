import { useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { AlertTriangle, Check, RotateCcw, UserRound, Users } from 'lucide-react';
import {
  ASSIGNEE_AVATAR_SIZE,
  ASSIGNEE_SEARCH_DEBOUNCE_MS,
  PEOPLE_TEXTS,
  REVIEWER_LIMITS,
  REVIEWER_TEXTS,
  type MergeRequestSidebarReviewer,
  type MergeRequestSidebarUser,
} from '@tandem/shared-types';
import { Avatar } from '../../../shared/ui/Avatar';
import { ComboboxList } from '../../../shared/ui/ComboboxList';
import { useDebouncedSearch } from '../../../shared/search/useDebouncedSearch';
import { appStore } from '../../../shared/store';
import { currentUserAtom } from '../../session/sessionAtoms';
import { SidebarBlock } from '../../sidebar/SidebarBlock';
import { collapseAssignees, currentUserFirst, sameSelection, searchTerm, type PersonOption } from '../../sidebar/people/assigneeRules';
import { useDismiss } from '../../sidebar/widgets/useDismiss';
import { canRerequest, collapsedCount, collapsedTooltip, personTooltip, sortByCanMerge } from './reviewerRules';
import { rerequestReview, searchProjectMembers, setMergeRequestPeople } from './mergeRequestSidebarApi';
import '../../sidebar/widgets/peopleWidgets.css';

type Person = MergeRequestSidebarUser & Partial<Pick<MergeRequestSidebarReviewer, 'reviewed' | 'review_state'>>;

interface MergeRequestPeopleBlockProps {
  kind: 'assignees' | 'reviewers';
  people: readonly Person[];
  projectPath: string;
  iid: number;
  /** update_merge_request: edit the list, assign yourself, re-request reviews. */
  canUpdate: boolean;
  /** After a save: the page reads the merge request again (the event does the same for everyone else). */
  onSaved(): void;
}

const TEXTS = {
  assignees: { header: PEOPLE_TEXTS.assigneeHeader, failed: PEOPLE_TEXTS.updateAssigneesFailed, saveFailed: PEOPLE_TEXTS.saveAssigneesFailed, testId: 'mr-sidebar-assignees', list: 'Assignees' },
  reviewers: { header: REVIEWER_TEXTS.header, failed: REVIEWER_TEXTS.saveFailed, saveFailed: REVIEWER_TEXTS.saveFailed, testId: 'mr-sidebar-reviewers', list: 'Reviewers' },
} as const;

const UNASSIGNED = { unassigned: true } as const;
const isNone = (p: PersonOption | typeof UNASSIGNED): p is typeof UNASSIGNED => p === UNASSIGNED;

/**
 * Re-request review per reviewer: loading, then the success check for 1.5 s, then idle again
 * (spec §4). Kept by the block, so the check stays its 1.5 s although the reviewer, no longer
 * "reviewed" once the page reads the merge request again, loses the button.
 */
function useRerequest(projectPath: string, iid: number, onSaved: () => void, onError: (text: string) => void) {
  const [states, setStates] = useState<Record<number, 'loading' | 'success'>>({});
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);
  const set = (id: number, state: 'loading' | 'success' | null) =>
    setStates((s) => {
      const next = { ...s };
      if (state) next[id] = state;
      else delete next[id];
      return next;
    });
  const request = async (userId: number) => {
    set(userId, 'loading');
    const errors = await rerequestReview(projectPath, iid, userId).catch(() => [REVIEWER_TEXTS.saveFailed]);
    if (errors.length) {
      set(userId, null);
      onError(REVIEWER_TEXTS.saveFailed);
      return;
    }
    set(userId, 'success');
    clearTimeout(timers.current.get(userId));
    timers.current.set(userId, setTimeout(() => set(userId, null), REVIEWER_LIMITS.rereviewSuccessMs));
    onSaved();
  };
  return { states, request };
}

/**
 * The merge request's assignees or reviewers block: sorted with those who can merge first, a
 * warning icon and 'Cannot merge' for those who cannot; collapsed, the count (99+ past 99) and a
 * tooltip of five names, '+ N more' and the merge status; reviewers who have reviewed offer
 * 'Re-request review' to who may update. Edit searches the project's members; the choice is saved
 * when the editor closes (Escape, a click outside, or the button, 'Apply' once changed).
 */
export function MergeRequestPeopleBlock({ kind, people, projectPath, iid, canUpdate, onSaved }: MergeRequestPeopleBlockProps) {
  const t = TEXTS[kind];
  const me = useAtomValue(currentUserAtom, { store: appStore });
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [selected, setSelected] = useState<PersonOption[]>([]);
  const [query, setQuery] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sorted = useMemo(() => sortByCanMerge(people), [people]);
  const rerequest = useRerequest(projectPath, iid, onSaved, setError);
  const current = people.map((p) => p.username);
  const changed = open && !sameSelection(selected.map((s) => s.username), current);

  const save = async (usernames: string[]) => {
    setSaving(true);
    setError(null);
    try {
      const errors = await setMergeRequestPeople(kind, projectPath, iid, usernames);
      if (errors.length) setError(`${t.failed} ${errors.join(' ')}`.trim());
      else onSaved();
    } catch {
      setError(t.saveFailed);
    } finally {
      setSaving(false);
    }
  };
  const close = () => {
    setOpen(false);
    setQuery('');
    const usernames = selected.map((s) => s.username);
    if (!sameSelection(usernames, current)) void save(usernames);
  };
  useDismiss(rootRef, open, close);

  const term = searchTerm(query);
  const search = useDebouncedSearch<PersonOption[]>(open ? term : null, (q, signal) => searchProjectMembers(projectPath, q, signal), { debounceMs: ASSIGNEE_SEARCH_DEBOUNCE_MS });
  const options = useMemo(() => currentUserFirst(term === null ? selected : (search.data ?? []), me?.username ?? null), [term, selected, search.data, me]);
  const toggle = (p: PersonOption) => setSelected((cur) => (cur.some((s) => s.username === p.username) ? cur.filter((s) => s.username !== p.username) : [...cur, p]));
  const { shown, toggle: moreLabel } = collapseAssignees(sorted, expanded);
  const edit = canUpdate
    ? {
        open,
        label: changed ? PEOPLE_TEXTS.apply : undefined,
        onToggle: () => {
          if (open) return close();
          setSelected(people.map((p) => ({ username: p.username, name: p.name, avatar_url: p.avatar_url })));
          setError(null);
          setOpen(true);
        },
      }
    : undefined;

  return (
    <div ref={rootRef}>
      <SidebarBlock
        title={t.header(people.length)}
        icon={kind === 'assignees' ? <UserRound size={16} /> : <Users size={16} />}
        testId={t.testId}
        collapsed={{ text: collapsedCount(people.length), tooltip: people.length ? collapsedTooltip(sorted) : t.header(0) }}
        edit={edit}
      >
        {open && (
          <div className="people-dropdown" data-testid={`${t.testId}-dropdown`}>
            <ComboboxList<PersonOption | typeof UNASSIGNED>
              inputLabel={PEOPLE_TEXTS.searchUsers}
              placeholder={PEOPLE_TEXTS.searchUsers}
              listLabel={t.list}
              items={term === null ? [UNASSIGNED, ...options] : options}
              itemKey={(p) => (isNone(p) ? '' : p.username)}
              itemLabel={(p) => (isNone(p) ? PEOPLE_TEXTS.unassigned : `${p.name} @${p.username}`)}
              isChosen={(p) => (isNone(p) ? selected.length === 0 : selected.some((s) => s.username === p.username))}
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
              busy={search.loading}
            >
              {term !== null && search.data !== null && !search.loading && !search.error && options.length === 0 && <p className="muted">{PEOPLE_TEXTS.noMatchingResults}</p>}
              {search.error && (
                <p className="field-error" role="alert">
                  {PEOPLE_TEXTS.searchUsersFailed}
                </p>
              )}
            </ComboboxList>
          </div>
        )}
        {!open &&
          (people.length ? (
            <>
              <ul className="user-list" data-testid={`${t.testId}-list`}>
                {shown.map((u) => (
                  <li key={u.id} className="mr-person" data-username={u.username}>
                    <a href={u.web_url} className="user-list__item" title={personTooltip(u)}>
                      <Avatar user={u} size={ASSIGNEE_AVATAR_SIZE} decorative />
                      <span>
                        <span className="user-list__name">{u.name}</span> <span className="muted">@{u.username}</span>
                      </span>
                    </a>
                    {!u.can_merge && (
                      <span className="mr-person__warning" title={REVIEWER_TEXTS.cannotMerge} data-testid="cannot-merge">
                        <AlertTriangle size={14} aria-label={REVIEWER_TEXTS.cannotMerge} />
                      </span>
                    )}
                    {kind === 'reviewers' && rerequest.states[u.id] === 'success' ? (
                      <Check size={16} className="mr-reviewer__rerequested" aria-label={REVIEWER_TEXTS.reRequested} data-testid="rerequest-success" />
                    ) : (
                      kind === 'reviewers' &&
                      canRerequest(canUpdate, { reviewed: u.reviewed ?? false }) && (
                        <button
                          type="button"
                          className="btn btn--icon btn--tertiary"
                          aria-label={`${REVIEWER_TEXTS.reRequest} (${u.name})`}
                          title={REVIEWER_TEXTS.reRequest}
                          disabled={rerequest.states[u.id] === 'loading'}
                          aria-busy={rerequest.states[u.id] === 'loading'}
                          onClick={() => void rerequest.request(u.id)}
                          data-testid="rerequest-review"
                        >
                          <RotateCcw size={14} aria-hidden="true" />
                        </button>
                      )
                    )}
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
              {canUpdate && me && (
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
    </div>
  );
}
