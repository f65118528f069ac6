import type { EventReducers } from '../../realtime/eventRegistry';
import { presenceActivityAtomFamily, presenceAtomFamily } from './presenceAtoms';
import { stopTyping } from './presenceModel';
import { currentUserAtom } from '../session/sessionAtoms';

/**
 * note.created ends its author's "is typing…" at once: on the others' pages (their presence
 * entries) and on the author's own tabs (which then announce "viewing"), instead of waiting for
 * the typing state to lapse.
 */
export const presenceEvents: EventReducers = {
  'note.created': (e, { store }) => {
    const note = e.payload.note;
    if (note.system || !note.author) return;
    const authorId = note.author.id;
    const key = `${e.issue.project_path}#${e.issue.iid}`;
    const others = presenceAtomFamily(key);
    const next = stopTyping(store.get(others), authorId);
    if (next !== store.get(others)) store.set(others, next);
    if (store.get(currentUserAtom)?.id === authorId) store.set(presenceActivityAtomFamily(key), (a) => (a.typingAt === 0 ? a : { ...a, typingAt: 0 }));
  },
};
