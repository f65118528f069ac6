import type { EventReducers } from '../../realtime/eventRegistry';
import { issueKey, updateIssueAtom } from '../issue/issueAtoms';
import { awardableKey, awardsAtomFamily, setAward } from './awardsAtoms';

/**
 * award.toggled: the event names the award and whether it is now on, so applying it twice
 * changes nothing. Awardables not on screen (never seeded) are left alone; the issue's
 * upvotes/downvotes are recounted from its awards, never incremented.
 */
export const awardEvents: EventReducers = {
  'award.toggled': (e, { store }) => {
    const { awardable_type, awardable_id, name, user, toggled_on } = e.payload;
    const key = awardableKey(awardable_type, awardable_id);
    const held = store.get(awardsAtomFamily(key));
    if (held === null) return;
    const next = setAward(held, name, user, toggled_on);
    if (next !== held) store.set(awardsAtomFamily(key), next);
    if (awardable_type === 'Issue') {
      const count = (n: string) => next.filter((a) => a.name === n).length;
      updateIssueAtom(store, issueKey(e.issue.project_path, e.issue.iid), (issue) =>
        issue.upvotes === count('thumbsup') && issue.downvotes === count('thumbsdown') ? issue : { ...issue, upvotes: count('thumbsup'), downvotes: count('thumbsdown') },
      );
    }
  },
};
