import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MergeRequestSidebarReviewer } from '@tandem/shared-types';
import { graphql, renderWithStores, stubFetch } from '../../../test/kit';
import { MergeRequestPeopleBlock } from './MergeRequestPeopleBlock';

/** getMrParticipants' answer (the participants block's read), for [username, name] pairs. */
const participants = (people: Array<[string, string]>) => ({
  data: { workspace: { __typename: 'Project', issuable: { __typename: 'MergeRequest', id: 'gid://gitlab/MergeRequest/7', participants: { nodes: people.map(([username, name], i) => ({ id: `gid://gitlab/User/${i + 50}`, username, name, avatarUrl: null, webUrl: `/${username}`, status: null })) }, assignees: { nodes: [] } } } },
});
const reviewer = (id: number, name: string, can_merge: boolean, reviewed = false, availability: 'busy' | 'not_set' = 'not_set'): MergeRequestSidebarReviewer => ({
  id, username: name.toLowerCase(), name, state: 'active', locked: false, avatar_url: null, web_url: `/${name.toLowerCase()}`, can_merge, availability, review_state: reviewed ? 'reviewed' : 'unreviewed', reviewed,
});

describe('the merge request reviewers block', () => {
  afterEach(() => vi.useRealTimers());

  it('lists those who can merge first, with a warning icon and "Cannot merge" for the others, and (Busy) for a busy one', () => {
    renderWithStores(<MergeRequestPeopleBlock kind="reviewers" people={[reviewer(1, 'Carol', false, false, 'busy'), reviewer(2, 'Bob', true)]} projectPath="acme/tandem" iid={3} canUpdate={false} onSaved={() => {}} />);
    const block = screen.getByTestId('mr-sidebar-reviewers');
    expect(within(block).getByRole('heading').textContent).toBe('2 Reviewers');
    const rows = within(block).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-username'))).toEqual(['bob', 'carol']);
    expect(within(rows[0]!).queryByTestId('cannot-merge')).toBeNull();
    expect(within(rows[1]!).getByTestId('cannot-merge').getAttribute('title')).toBe('Cannot merge');
    // Carol is busy (her status): '(Busy)' before the merge flag
    expect(within(rows[1]!).getByRole('link').getAttribute('title')).toBe('Carol (Busy) (Cannot merge)');
    expect(within(rows[0]!).getByRole('link').getAttribute('title')).toBe('Bob');
    // No re-request for a viewer who may not update, nor an Edit
    expect(within(block).queryByTestId('rerequest-review')).toBeNull();
    expect(within(block).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('collapsed: the count caps at 99+ and the tooltip names five, "+ N more" and the merge status', () => {
    const many = Array.from({ length: 100 }, (_, i) => reviewer(i + 1, `R${i + 1}`, i !== 0));
    renderWithStores(<MergeRequestPeopleBlock kind="reviewers" people={many} projectPath="acme/tandem" iid={3} canUpdate={false} onSaved={() => {}} />);
    const collapsed = screen.getByTestId('mr-sidebar-reviewers-collapsed');
    expect(collapsed.textContent).toBe('99+');
    expect(collapsed.getAttribute('title')).toBe('R2, R3, R4, R5, R6, + 95 more (99/100 can merge)');
    // Someone cannot merge: the collapsed count carries the warning icon
    expect(within(collapsed).getByTestId('mr-sidebar-reviewers-collapsed-warning')).toBeTruthy();
    // The expanded list shows five, then '+ 95 more'
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: '+ 95 more' })).toBeTruthy();
  });

  it('collapsed: no warning icon when every reviewer can merge', () => {
    renderWithStores(<MergeRequestPeopleBlock kind="reviewers" people={[reviewer(1, 'R1', true), reviewer(2, 'R2', true)]} projectPath="acme/tandem" iid={3} canUpdate={false} onSaved={() => {}} />);
    const collapsed = screen.getByTestId('mr-sidebar-reviewers-collapsed');
    expect(collapsed.getAttribute('title')).toBe('R1, R2');
    expect(within(collapsed).queryByTestId('mr-sidebar-reviewers-collapsed-warning')).toBeNull();
  });

  it('re-requests a review from one who has reviewed: loading, the success check for 1.5 s (the page reads them unreviewed meanwhile), then idle', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubFetch({ 'POST /api/graphql': graphql({ mergeRequestReviewerRereview: { data: { mergeRequestReviewerRereview: { errors: [], mergeRequest: { id: 'gid://gitlab/MergeRequest/7' } } } } }) });
    const onSaved = vi.fn();
    const block = (danaReviewed: boolean) => (
      <MergeRequestPeopleBlock kind="reviewers" people={[reviewer(5, 'Dana', true, danaReviewed), reviewer(6, 'Eve', true, false)]} projectPath="acme/tandem" iid={3} canUpdate onSaved={onSaved} />
    );
    const view = renderWithStores(block(true));
    const buttons = screen.getAllByTestId('rerequest-review');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Re-request review (Dana)');
    fireEvent.click(buttons[0]!);
    expect(await screen.findByTestId('rerequest-success')).toBeTruthy();
    expect(api.calls[0]!.body.variables.input).toEqual({ projectPath: 'acme/tandem', iid: '3', userId: 'gid://gitlab/User/5' });
    expect(onSaved).toHaveBeenCalledTimes(1);
    // The page read again: Dana is unreviewed, the check stays its 1.5 s
    view.rerender(block(false));
    await act(async () => vi.advanceTimersByTime(1400));
    expect(screen.queryByTestId('rerequest-success')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('rerequest-success')).toBeNull();
    expect(screen.queryByTestId('rerequest-review')).toBeNull();
    // Reviewed again (another review submitted): the button is back
    view.rerender(block(true));
    expect(screen.getByTestId('rerequest-review')).toBeTruthy();
  });

  it('a failed re-request says so with the reviewers save text', async () => {
    stubFetch({ 'POST /api/graphql': graphql({ mergeRequestReviewerRereview: { data: { mergeRequestReviewerRereview: { errors: ['user_id is not a reviewer'], mergeRequest: null } } } }) });
    renderWithStores(<MergeRequestPeopleBlock kind="reviewers" people={[reviewer(5, 'Dana', true, true)]} projectPath="acme/tandem" iid={3} canUpdate onSaved={() => {}} />);
    fireEvent.click(screen.getByTestId('rerequest-review'));
    expect((await screen.findByRole('alert')).textContent).toBe('Error occurred when saving reviewers.');
  });

  it('edits the reviewers: search members, choose, and saves with mergeRequestSetReviewers when it closes', async () => {
    const api = stubFetch({
      'GET /acme/tandem/-/autocomplete_sources/members': [{ username: 'frank', name: 'Frank', avatar_url: null }],
      'POST /api/graphql': graphql({ getMrParticipants: participants([]), mergeRequestSetReviewers: { data: { mergeRequestSetReviewers: { errors: [], mergeRequest: { id: 'gid://gitlab/MergeRequest/7' } } } } }),
    });
    const onSaved = vi.fn();
    renderWithStores(<MergeRequestPeopleBlock kind="reviewers" people={[reviewer(5, 'Dana', true)]} projectPath="acme/tandem" iid={3} canUpdate onSaved={onSaved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search users' }), { target: { value: 'fra' } });
    fireEvent.click(await screen.findByRole('option', { name: /Frank/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('GET /acme/tandem/-/autocomplete_sources/members')[0]!.query.get('search')).toBe('fra');
    const saved = api.callsTo('POST /api/graphql').filter((c) => String(c.body.query).includes('mergeRequestSetReviewers'));
    expect(saved[0]!.body.variables.input).toEqual({ projectPath: 'acme/tandem', iid: '3', reviewerUsernames: ['dana', 'frank'] });
  });

  it("offers the merge request's participants: with no term after the selection, and those matching the term merged into the search results, once each", async () => {
    stubFetch({
      'GET /acme/tandem/-/autocomplete_sources/members': [
        { username: 'frank', name: 'Frank', avatar_url: null },
        { username: 'gina', name: 'Gina Frankel', avatar_url: null },
      ],
      'POST /api/graphql': graphql({ getMrParticipants: participants([['gina', 'Gina Frankel'], ['fran', 'Fran Outside'], ['hugo', 'Hugo']]) }),
    });
    renderWithStores(<MergeRequestPeopleBlock kind="reviewers" people={[reviewer(5, 'Dana', true)]} projectPath="acme/tandem" iid={3} canUpdate onSaved={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const names = () => screen.getAllByRole('option').map((o) => o.textContent);
    await vi.waitFor(() => expect(names().some((n) => n?.includes('Hugo'))).toBe(true));
    // (after the option that clears the selection)
    expect(names().map((n) => /(Dana|Gina Frankel|Fran Outside|Hugo)/.exec(n ?? '')?.[1]).filter(Boolean)).toEqual(['Dana', 'Gina Frankel', 'Fran Outside', 'Hugo']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Search users' }), { target: { value: 'FRAN' } });
    await screen.findByRole('option', { name: /Frank\b/ });
    expect(names().map((n) => /(Frank|Gina Frankel|Fran Outside|Hugo)/.exec(n ?? '')?.[1]).filter(Boolean)).toEqual(['Frank', 'Gina Frankel', 'Fran Outside']);
  });
});
