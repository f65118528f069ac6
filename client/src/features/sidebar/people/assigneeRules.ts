import { ASSIGNEES_SHOWN, PEOPLE_TEXTS } from '@tandem/shared-types';

/** A user as the assignee widget lists them (search results, participants, assignees). */
export interface PersonOption {
  username: string;
  name: string;
  avatar_url: string | null;
  web_url?: string;
  /** GitLab's availability: 'busy' adds '(Busy)'. */
  availability?: string | null;
  /** The user's status (GitLab's status emoji and message, shown beside the name). */
  status?: { emoji: string | null; message: string | null } | null;
}

/** The search text as sent: trimmed; empty means "do not search" (spec §5). */
export const searchTerm = (raw: string): string | null => {
  const t = raw.trim();
  return t === '' ? null : t;
};

const matches = (p: PersonOption, term: string) => {
  const t = term.toLowerCase();
  return p.username.toLowerCase().includes(t) || p.name.toLowerCase().includes(t);
};

/**
 * Search results merged with the participants matching the term (name or username, case
 * insensitive), de-duplicated by username; results keep their order, matching participants
 * who were not in them follow (spec §5).
 */
export function mergeSearchResults(results: readonly PersonOption[], participants: readonly PersonOption[], term: string): PersonOption[] {
  const out = new Map<string, PersonOption>();
  for (const r of results) if (!out.has(r.username)) out.set(r.username, r);
  for (const p of participants) if (matches(p, term) && !out.has(p.username)) out.set(p.username, p);
  return [...out.values()];
}

/**
 * A people dropdown's options with the noteable's participants (spec §5): with a term, the search
 * results merged with the matching participants; without one, the selection, then the
 * participants; each person once, by username.
 */
export function offeredWithParticipants(participants: readonly PersonOption[]) {
  return (term: string | null, selected: readonly PersonOption[], results: readonly PersonOption[] | null): PersonOption[] => {
    if (term !== null) return mergeSearchResults(results ?? [], participants, term);
    const all = new Map<string, PersonOption>();
    for (const p of [...selected, ...participants]) if (!all.has(p.username)) all.set(p.username, p);
    return [...all.values()];
  };
}

/** The current user first, everyone else in the order given (spec §4). */
export function currentUserFirst(people: readonly PersonOption[], currentUsername: string | null): PersonOption[] {
  if (!currentUsername) return [...people];
  const me = people.filter((p) => p.username === currentUsername);
  return [...me, ...people.filter((p) => p.username !== currentUsername)];
}

/** The first ASSIGNEES_SHOWN, and the '+ N more' count of the rest, unless expanded (spec §4). */
export function collapseAssignees<T>(list: readonly T[], expanded: boolean): { shown: T[]; hidden: number; toggle: string | null } {
  if (list.length <= ASSIGNEES_SHOWN) return { shown: [...list], hidden: 0, toggle: null };
  const hidden = list.length - ASSIGNEES_SHOWN;
  return expanded ? { shown: [...list], hidden: 0, toggle: PEOPLE_TEXTS.showLess } : { shown: list.slice(0, ASSIGNEES_SHOWN), hidden, toggle: PEOPLE_TEXTS.showMore(hidden) };
}

/** An assignee's tooltip: the name, and '(Busy)' for a busy user (spec §5). */
export function assigneeTooltip(p: Pick<PersonOption, 'name' | 'availability'>): string {
  return p.availability === 'busy' ? `${p.name} ${PEOPLE_TEXTS.busy}` : p.name;
}

/** Same usernames in the same order: nothing to save. */
export const sameSelection = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((u, i) => u === b[i]);
