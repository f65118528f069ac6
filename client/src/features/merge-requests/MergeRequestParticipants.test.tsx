import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { graphql, jsonResponse, renderWithStores, stubFetch, testQueryClient, type FetchStub } from '../../test/kit';
import { MergeRequestParticipants } from './MergeRequestParticipants';
import { mergeRequestEvents } from './mergeRequestEvents';
import { appStore } from '../../shared/store';

const user = (username: string, availability = 'NOT_SET') => ({ id: `gid://tandem/User/${username.length}`, username, name: username.toUpperCase(), avatarUrl: null, webUrl: `http://x/${username}`, status: { availability } });
const answer = (names: string[]) => ({ data: { workspace: { __typename: 'Project', issuable: { __typename: 'MergeRequest', id: 'gid://tandem/MergeRequest/70', participants: { nodes: names.map((n) => user(n, n === 'bob' ? 'BUSY' : 'NOT_SET')) }, assignees: { nodes: [] } } } } });

describe('MergeRequestParticipants', () => {
  let api: FetchStub;
  beforeEach(() => {
    cleanup();
    api = stubFetch({ 'POST /api/graphql': graphql({ getMrParticipants: answer(['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'hank', 'ivy']) }) });
  });

  it("reads getMrParticipants with GitLab's variables and shows 7, then '+N more' and '- show less'; busy people say so", async () => {
    renderWithStores(<MergeRequestParticipants projectPath="acme/tandem" iid={7} />);
    const block = await screen.findByTestId('mr-participants');
    expect(block.textContent).toContain('9 Participants');
    expect(block.querySelectorAll('li')).toHaveLength(7);
    expect(api.lastCall('POST /api/graphql').body.variables).toEqual({ fullPath: 'acme/tandem', iid: '7' });
    expect(block.querySelector('a[href="http://x/bob"]')?.getAttribute('title')).toBe(`BOB ${PEOPLE_TEXTS.busy}`);
    fireEvent.click(screen.getByRole('button', { name: '+2 more' }));
    expect(block.querySelectorAll('li')).toHaveLength(9);
    fireEvent.click(screen.getByRole('button', { name: PEOPLE_TEXTS.showLess }));
    expect(block.querySelectorAll('li')).toHaveLength(7);
  });

  it('reads them again when someone new comments on the merge request, not when a participant does', async () => {
    const queryClient = testQueryClient();
    renderWithStores(<MergeRequestParticipants projectPath="acme/tandem" iid={7} />, { queryClient });
    await screen.findByTestId('mr-participants');
    api.on({ 'POST /api/graphql': graphql({ getMrParticipants: answer(['alice', 'zed']) }) });
    // Only the fields the reducer reads
    const comment = (username: string) => ({ type: 'note.created', seq: 2, issue: { project_path: 'acme/tandem/-/merge_requests', iid: 7 }, payload: { note: { system: false, author: { username } } }, actor: null, at: '' });
    const reads = api.callsTo('POST /api/graphql').length;
    // bob is a participant already: his comment changes nothing, and nothing is read
    mergeRequestEvents['note.created']!(comment('bob') as never, { queryClient, store: appStore });
    await new Promise((r) => setTimeout(r, 20));
    expect(api.callsTo('POST /api/graphql')).toHaveLength(reads);
    mergeRequestEvents['note.created']!(comment('zed') as never, { queryClient, store: appStore });
    await waitFor(() => expect(screen.getByTestId('mr-participants').textContent).toContain('2 Participants'));
  });

  it('says when they cannot be fetched', async () => {
    api.on({ 'POST /api/graphql': jsonResponse({ message: 'boom' }, { status: 500 }) });
    renderWithStores(<MergeRequestParticipants projectPath="acme/tandem" iid={7} />);
    expect((await screen.findByRole('alert')).textContent).toBe(PEOPLE_TEXTS.participantsFailed);
  });
});
