import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ApiDiscussion } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { stubFetch } from '../../test/kit';
import { discussionsAtomFamily } from './notesAtoms';
import { useDiscussions } from './useDiscussions';

const KEY = 'acme/tandem#77';
const PATH = '/acme/tandem/-/issues/77/discussions.json';
const discussion = (id: string) => ({ id, reply_id: id, individual_note: true, notes: [] }) as unknown as ApiDiscussion;
const ids = () => (appStore.get(discussionsAtomFamily(KEY)) ?? []).map((d) => d.id);

describe('useDiscussions', () => {
  it("keeps a discussion that arrived live while a filter's first page was on its way, and drops what the old filter showed", async () => {
    let answer!: (d: ApiDiscussion[]) => void;
    stubFetch({ [`GET ${PATH}`]: () => new Promise<ApiDiscussion[]>((r) => (answer = r)) });
    appStore.set(discussionsAtomFamily(KEY), [discussion('old-filter')]);
    renderHook(() => useDiscussions(KEY, PATH, 1 as never, true));
    await waitFor(() => expect(answer).toBeDefined());
    // the socket adds alice's comment while the page (read before it was written) is on its way
    appStore.set(discussionsAtomFamily(KEY), [discussion('old-filter'), discussion('live')]);
    answer([discussion('a'), discussion('b')]);
    await waitFor(() => expect(ids()).toEqual(['a', 'b', 'live']));
  });

  it('adds nothing twice when the page already holds the discussion that arrived live', async () => {
    let answer!: (d: ApiDiscussion[]) => void;
    stubFetch({ [`GET ${PATH}`]: () => new Promise<ApiDiscussion[]>((r) => (answer = r)) });
    appStore.set(discussionsAtomFamily(KEY), []);
    renderHook(() => useDiscussions(KEY, PATH, 0 as never, false));
    await waitFor(() => expect(answer).toBeDefined());
    appStore.set(discussionsAtomFamily(KEY), [discussion('live')]);
    answer([discussion('a'), discussion('live')]);
    await waitFor(() => expect(ids()).toEqual(['a', 'live']));
  });

  it('keeps an edit and a deletion made live while the first page was on its way, which the page (read before them) does not show', async () => {
    let answer!: (d: ApiDiscussion[]) => void;
    stubFetch({ [`GET ${PATH}`]: () => new Promise<ApiDiscussion[]>((r) => (answer = r)) });
    const before = [discussion('edited'), discussion('deleted'), discussion('same')];
    appStore.set(discussionsAtomFamily(KEY), before);
    renderHook(() => useDiscussions(KEY, PATH, 0 as never, false));
    await waitFor(() => expect(answer).toBeDefined());
    // the socket applies an edit of one comment and the deletion of another
    const edited = { ...discussion('edited'), notes: [{ id: 'n1', body: 'after the edit' }] } as unknown as ApiDiscussion;
    appStore.set(discussionsAtomFamily(KEY), [edited, before[2]!]);
    const stale = { ...discussion('edited'), notes: [{ id: 'n1', body: 'before the edit' }] } as unknown as ApiDiscussion;
    answer([stale, discussion('deleted'), discussion('same'), discussion('new-in-page')]);
    await waitFor(() => expect(ids()).toEqual(['edited', 'same', 'new-in-page']));
    const list = appStore.get(discussionsAtomFamily(KEY))!;
    expect((list[0]!.notes[0] as unknown as { body: string }).body).toBe('after the edit');
  });
});
