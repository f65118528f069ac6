import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RelatedIssue } from '@tandem/shared-types';
import { relatedIssueEvents } from './relatedIssueEvents';
import { RelatedIssues } from './RelatedIssues';
import { appStore } from '../../shared/store';
import { jsonResponse, renderWithStores, sequence, stubFetch } from '../../test/kit';

const LINKS = '/g/p/-/issues/1/links';

function rel(iid: number, link_type: RelatedIssue['link_type'], over: Partial<RelatedIssue> = {}): RelatedIssue {
  return {
    id: 200 + iid, iid, title: `Issue ${iid}`, state: 'opened', confidential: false, reference: `#${iid}`, path: `/g/p/-/issues/${iid}`,
    project_path: 'g/p', link_type, id_link: 10 + iid, relation_path: `/g/p/-/issues/1/links/${10 + iid}`, relative_position: iid,
    assignees: [], due_date: null, weight: null, milestone: null, created_at: '2026-01-01T00:00:00Z', closed_at: null, ...over,
  };
}

describe('RelatedIssues', () => {
  const renderBlock = (canAdmin = true) => renderWithStores(<RelatedIssues projectPath="g/p" iid={1} issueId={100} canAdmin={canAdmin} />);

  it('lists the links grouped by relation, with reference, title link and state', async () => {
    const api = stubFetch({ [`GET ${LINKS}`]: [rel(2, 'blocks'), rel(3, 'relates_to', { state: 'closed' })] });
    renderBlock(false);
    const blocks = await screen.findByTestId('related-group-blocks');
    expect(within(blocks).getByRole('link', { name: 'Issue 2' }).getAttribute('href')).toBe('/g/p/-/issues/2');
    expect(within(screen.getByTestId('related-group-relates_to')).getByLabelText('Closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(api.calls.map((c) => c.url)).toEqual([LINKS]);
  });

  it('adds through POST and shows the answer', async () => {
    const api = stubFetch({ [`GET ${LINKS}`]: sequence([], [rel(2, 'blocks')]), [`POST ${LINKS}`]: { issuables: [rel(2, 'blocks')] } });
    renderBlock();
    fireEvent.click(await screen.findByTestId('related-add'));
    fireEvent.click(screen.getByLabelText('blocks'));
    fireEvent.change(screen.getByLabelText('the following issues'), { target: { value: '2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    await screen.findByTestId('related-group-blocks');
    expect(api.lastCall(`POST ${LINKS}`).body).toEqual({ issuable_references: ['#2'], link_type: 'blocks' });
    expect(screen.queryByTestId('related-add-form')).toBeNull();
  });

  it("shows the server's message when adding fails", async () => {
    stubFetch({ [`GET ${LINKS}`]: [], [`POST ${LINKS}`]: jsonResponse({ message: 'No matching issue found.' }, { status: 404 }) });
    renderBlock();
    fireEvent.click(await screen.findByTestId('related-add'));
    fireEvent.change(screen.getByLabelText('the following issues'), { target: { value: '77' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    expect((await screen.findByTestId('related-error')).textContent).toBe('No matching issue found.');
  });

  it('removes a link and reorders with the neighbours ids', async () => {
    const api = stubFetch({
      [`GET ${LINKS}`]: [rel(2, 'blocks'), rel(3, 'blocks'), rel(4, 'blocks')],
      [`PUT ${LINKS}/14`]: {},
      [`DELETE ${LINKS}/14`]: { issuables: [rel(2, 'blocks'), rel(3, 'blocks')] },
    });
    renderBlock();
    await screen.findByTestId('related-group-blocks');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Move #4 up' })));
    expect(api.lastCall(`PUT ${LINKS}/14`).body).toEqual({ epic: { move_before_id: 12, move_after_id: 13 } });
    expect(screen.getAllByTestId('related-item').map((li) => within(li).getByRole('link').textContent)).toEqual(['Issue 2', 'Issue 4', 'Issue 3']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove #4' })));
    expect(api.callsTo(`DELETE ${LINKS}/14`)).toHaveLength(1);
  });

  it('refetches when issue.links arrives', async () => {
    const api = stubFetch({ [`GET ${LINKS}`]: sequence([], [rel(5, 'relates_to')]) });
    const { queryClient } = renderBlock(false);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    act(() =>
      relatedIssueEvents['issue.links']!(
        { type: 'issue.links', seq: 2, issue: { id: 100, iid: 1, project_path: 'g/p' }, payload: { link_type: 'relates_to' }, actor: null, at: '' },
        { store: appStore, queryClient },
      ),
    );
    expect(await screen.findByRole('link', { name: 'Issue 5' })).toBeTruthy();
  });
});
