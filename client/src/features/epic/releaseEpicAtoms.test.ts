import { describe, expect, it } from 'vitest';
import { appStore } from '../../shared/store';
import { awardableKey, awardsAtomFamily } from '../awards/awardsAtoms';
import { discussionOfNote } from '../notes/discussionRules';
import { discussionsAtomFamily } from '../notes/notesAtoms';
import { pendingNotesAtomFamily } from '../notes/pendingNotesAtoms';
import { makeNote } from '../notes/testNotes';
import { epicAtomFamily, epicIssuesVersionAtomFamily, epicKey, epicSeqAtomFamily } from './epicAtoms';
import { releaseEpicAtoms } from './releaseEpicAtoms';
import type { ApiEpic } from '@tandem/shared-types';

const held = (family: { getParams(): Iterable<string> }, key: string) => [...family.getParams()].includes(key);

describe('releaseEpicAtoms', () => {
  it("drops the epic's entries from every family, and the awards of it and its notes; other epics keep theirs", () => {
    const key = epicKey('g', 1);
    const other = epicKey('g', 2);
    appStore.set(epicAtomFamily(key), { id: 9, iid: 1 } as ApiEpic);
    appStore.set(epicAtomFamily(other), { id: 10, iid: 2 } as ApiEpic);
    appStore.set(epicSeqAtomFamily(key), 4);
    appStore.set(epicIssuesVersionAtomFamily(key), 1);
    appStore.set(discussionsAtomFamily(key), [discussionOfNote(makeNote({ id: '7', noteable_type: 'Epic' }))]);
    appStore.set(pendingNotesAtomFamily(key), []);
    appStore.set(awardsAtomFamily(awardableKey('Epic', 9)), []);
    appStore.set(awardsAtomFamily(awardableKey('Note', '7')), []);

    releaseEpicAtoms(key);

    for (const family of [epicAtomFamily, epicSeqAtomFamily, epicIssuesVersionAtomFamily, discussionsAtomFamily, pendingNotesAtomFamily]) expect(held(family, key)).toBe(false);
    expect(held(awardsAtomFamily, awardableKey('Epic', 9))).toBe(false);
    expect(held(awardsAtomFamily, awardableKey('Note', '7'))).toBe(false);
    expect(held(epicAtomFamily, other)).toBe(true);
    epicAtomFamily.remove(other);
  });
});
