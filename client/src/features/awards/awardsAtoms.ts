import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';
import { EXCLUSIVE_AWARDS, type NoteAward } from '@tandem/shared-types';
import type { appStore } from '../../shared/store';

export type AwardableType = 'Issue' | 'Note' | 'Epic' | 'MergeRequest';
export type AwardUser = NoteAward['user'];

/** The key of one awardable's awards: 'Issue:<id>' or 'Note:<id>' (database ids, as events carry them). */
export const awardableKey = (type: AwardableType, id: number | string) => `${type}:${id}`;

/**
 * The awards of one issue or note, keyed by awardableKey. Null until seeded from the page
 * (IssuePageData.awards, a note's award_emoji); live events and the viewer's toggles write here,
 * so whoever renders <AwardsBar> needs no reducer of its own.
 */
export const awardsAtomFamily = atomFamily((key: string) => {
  const a = atom<NoteAward[] | null>(null);
  a.debugLabel = `awardsAtom(${key})`;
  return a;
});

/** Puts the page's awards into the store unless live state is already there (a reload of the note keeps the newer one). */
export function seedAwards(store: typeof appStore, key: string, awards: NoteAward[] | undefined): void {
  if (store.get(awardsAtomFamily(key)) === null) store.set(awardsAtomFamily(key), awards ?? []);
}

/**
 * Sets or clears one user's award (the new server state of that pair). Idempotent: applying the
 * same change twice gives the same list; an award already there keeps its place.
 */
export function setAward(awards: NoteAward[], name: string, user: AwardUser, on: boolean): NoteAward[] {
  const has = awards.some((a) => a.name === name && a.user.id === user.id);
  if (on === has) return awards;
  if (!on) return awards.filter((a) => !(a.name === name && a.user.id === user.id));
  return [...awards, { name, user: { id: user.id, name: user.name, username: user.username } }];
}

/**
 * What the viewer's click does: removes their award when present, otherwise adds it and, for
 * thumbs up/down, removes the opposite one. Returns the new list and the names that flipped.
 */
export function toggleAward(awards: NoteAward[], name: string, user: AwardUser): { awards: NoteAward[]; removedOpposite: string | null; on: boolean } {
  const mine = (n: string) => awards.some((a) => a.name === n && a.user.id === user.id);
  if (mine(name)) return { awards: setAward(awards, name, user, false), removedOpposite: null, on: false };
  const opposite = EXCLUSIVE_AWARDS[name];
  const removedOpposite = opposite && mine(opposite) ? opposite : null;
  const base = removedOpposite ? setAward(awards, removedOpposite, user, false) : awards;
  return { awards: setAward(base, name, user, true), removedOpposite, on: true };
}

export interface AwardGroup {
  name: string;
  users: AwardUser[];
  /** The viewer reacted with this emoji. */
  mine: boolean;
}

/** Awards grouped by emoji in first-awarded order (GitLab puts thumbs up and down first). */
export function groupAwards(awards: NoteAward[], viewerId: number | null): AwardGroup[] {
  const groups = new Map<string, AwardGroup>();
  for (const a of awards) {
    let g = groups.get(a.name);
    if (!g) groups.set(a.name, (g = { name: a.name, users: [], mine: false }));
    g.users.push(a.user);
    if (viewerId !== null && a.user.id === viewerId) g.mine = true;
  }
  const rank = (n: string) => (n === 'thumbsup' ? 0 : n === 'thumbsdown' ? 1 : 2);
  return [...groups.values()].sort((a, b) => rank(a.name) - rank(b.name));
}
