import { atom } from 'jotai';
import type { CurrentUser } from '@tandem/shared-types';

/** The signed-in user the page was rendered for (null for a visitor). */
export const currentUserAtom = atom<CurrentUser | null>(null);
currentUserAtom.debugLabel = 'currentUserAtom';

/** The session's CSRF token, sent as x-csrf-token on every cookie-authenticated write. */
export const csrfTokenAtom = atom<string | null>(null);
csrfTokenAtom.debugLabel = 'csrfTokenAtom';
