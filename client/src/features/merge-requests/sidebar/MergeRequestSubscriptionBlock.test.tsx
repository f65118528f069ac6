import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { PEOPLE_TEXTS, type CurrentUser, type MergeRequestPageData, type SubscriptionSignal } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { graphql, renderWithStores, stubFetch, testQueryClient, type FetchStub } from '../../../test/kit';
import { currentUserAtom } from '../../session/sessionAtoms';
import { mergeRequestPageKey } from '../mergeRequestApi';
import { MergeRequestSubscriptionBlock } from './MergeRequestSubscriptionBlock';

// The user channel, driven by the test: listeners by the noteable type they asked for
const listeners: Array<{ type: string; l: (s: SubscriptionSignal) => void }> = [];
vi.mock('../../../realtime/realtimeConnection', () => ({
  realtimeClient: () => ({
    onSubscription: (l: (s: SubscriptionSignal) => void, type = 'Issue') => {
      const entry = { type, l };
      listeners.push(entry);
      return () => void listeners.splice(listeners.indexOf(entry), 1);
    },
  }),
}));
/** What the server pushes on `merge_request.subscription`. */
const push = (signal: SubscriptionSignal) => act(() => listeners.filter((x) => x.type === 'MergeRequest').forEach((x) => x.l(signal)));

const USER = { id: 2, username: 'bob', name: 'Bob', state: 'active', locked: false, avatar_url: null, web_url: '/bob', email: 'b@x', is_admin: false, created_at: '' } as unknown as CurrentUser;
const P = 'acme/tandem';
const page = (subscribed: boolean) => ({ mergeRequest: { id: 7, iid: 3, subscribed }, projectPath: P }) as unknown as MergeRequestPageData;

/** As the sidebar reads it: the page data's `subscribed` (the page query keeps it). */
function Sidebar() {
  const { data } = useQuery<MergeRequestPageData>({ queryKey: mergeRequestPageKey(P, 3), queryFn: () => Promise.reject(new Error('not fetched in this test')), staleTime: Infinity });
  return data ? <MergeRequestSubscriptionBlock projectPath={P} iid={3} subscribed={data.mergeRequest.subscribed === true} /> : null;
}
const renderBlock = (subscribed: boolean) => {
  const queryClient = testQueryClient();
  queryClient.setQueryData(mergeRequestPageKey(P, 3), page(subscribed));
  return renderWithStores(<Sidebar />, { queryClient });
};
const toggle = () => screen.getByRole('switch', { name: PEOPLE_TEXTS.notifications });

describe('the merge request sidebar notifications toggle', () => {
  let api: FetchStub;
  beforeEach(() => {
    appStore.set(currentUserAtom, USER);
    api = stubFetch();
  });
  afterEach(() => {
    appStore.set(currentUserAtom, null);
    listeners.length = 0;
  });

  it('turns notifications on and off with mergeRequestSetSubscription, showing the saved state', async () => {
    const answer = (vars: Record<string, unknown>) => {
      const input = vars.input as { subscribedState: boolean };
      return { data: { mergeRequestSetSubscription: { errors: [], mergeRequest: { id: 'gid://tandem/MergeRequest/7', subscribed: input.subscribedState } } } };
    };
    api.on({ 'POST /api/graphql': graphql({ mergeRequestSetSubscription: answer }) });
    const { queryClient } = renderBlock(false);
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(PEOPLE_TEXTS.notificationsOff)).toBeTruthy();
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText(PEOPLE_TEXTS.notificationsOn)).toBeTruthy();
    expect((api.lastCall('POST /api/graphql').body as { variables: unknown }).variables).toEqual({ input: { projectPath: P, iid: '3', subscribedState: true } });
    expect(queryClient.getQueryData<MergeRequestPageData>(mergeRequestPageKey(P, 3))!.mergeRequest.subscribed).toBe(true);
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('false'));
  });

  it('a refused save says so and keeps the state', async () => {
    api.on({ 'POST /api/graphql': graphql({ mergeRequestSetSubscription: { data: { mergeRequestSetSubscription: null }, errors: [{ message: 'not found' }] } }) });
    renderBlock(true);
    fireEvent.click(toggle());
    expect((await screen.findByRole('alert')).textContent).toBe(PEOPLE_TEXTS.subscriptionFailed);
    expect(toggle().getAttribute('aria-checked')).toBe('true');
  });

  it("follows the user's other tabs (merge_request.subscription) for this merge request only", async () => {
    const { queryClient } = renderBlock(false);
    expect(listeners.map((x) => x.type)).toEqual(['MergeRequest']);
    push({ project_path: P, iid: 4, subscribed: true });
    push({ project_path: 'acme/other', iid: 3, subscribed: true });
    expect(queryClient.getQueryData<MergeRequestPageData>(mergeRequestPageKey(P, 3))!.mergeRequest.subscribed).toBe(false);
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    push({ project_path: P, iid: 3, subscribed: true });
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('true'));
  });

  it('is not shown signed out', () => {
    appStore.set(currentUserAtom, null);
    renderBlock(true);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(listeners).toEqual([]);
  });
});
