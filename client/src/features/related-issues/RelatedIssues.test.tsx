import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RelatedIssue } from '@tandem/shared-types';
import { relatedIssueEvents } from './relatedIssueEvents';
import { RelatedIssues } from './RelatedIssues';
import { appStore } from '../../shared/store';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function rel(iid: number, link_type: RelatedIssue['link_type'], over: Partial<RelatedIssue> = {}): RelatedIssue {
  return {
    id: 200 + iid, iid, title: `Issue ${iid}`, state: 'opened', confidential: false, reference: `#${iid}`, path: `/g/p/-/issues/${iid}`,
    project_path: 'g/p', link_type, id_link: 10 + iid, relation_path: `/g/p/-/issues/1/links/${10 + iid}`, relative_position: iid,
    assignees: [], due_date: null, weight: null, milestone: null, created_at: '2026-01-01T00:00:00Z', closed_at: null, ...over,
  };
}

describe('RelatedIssues', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let qc: QueryClient;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderBlock = (canAdmin = true) =>
    render(
      <QueryClientProvider client={qc}>
        <RelatedIssues projectPath="g/p" iid={1} issueId={100} canAdmin={canAdmin} />
      </QueryClientProvider>,
    );

  it('lists the links grouped by relation, with reference, title link and state', async () => {
    fetchMock.mockResolvedValue(json(200, [rel(2, 'blocks'), rel(3, 'relates_to', { state: 'closed' })]));
    renderBlock(false);
    const blocks = await screen.findByTestId('related-group-blocks');
    expect(within(blocks).getByRole('link', { name: 'Issue 2' }).getAttribute('href')).toBe('/g/p/-/issues/2');
    expect(within(screen.getByTestId('related-group-relates_to')).getByLabelText('Closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(fetchMock.mock.calls[0]![0]).toBe('/g/p/-/issues/1/links');
  });

  it('adds through POST and shows the answer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [])).mockResolvedValueOnce(json(200, { issuables: [rel(2, 'blocks')] })).mockResolvedValue(json(200, [rel(2, 'blocks')]));
    renderBlock();
    fireEvent.click(await screen.findByTestId('related-add'));
    fireEvent.click(screen.getByLabelText('blocks'));
    fireEvent.change(screen.getByLabelText('the following issues'), { target: { value: '2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    await screen.findByTestId('related-group-blocks');
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({ issuable_references: ['#2'], link_type: 'blocks' });
    expect(screen.queryByTestId('related-add-form')).toBeNull();
  });

  it("shows the server's message when adding fails", async () => {
    fetchMock.mockResolvedValueOnce(json(200, [])).mockResolvedValueOnce(json(404, { message: 'No matching issue found.' }));
    renderBlock();
    fireEvent.click(await screen.findByTestId('related-add'));
    fireEvent.change(screen.getByLabelText('the following issues'), { target: { value: '77' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    expect((await screen.findByTestId('related-error')).textContent).toBe('No matching issue found.');
  });

  it('removes a link and reorders with the neighbours ids', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [rel(2, 'blocks'), rel(3, 'blocks'), rel(4, 'blocks')]));
    renderBlock();
    await screen.findByTestId('related-group-blocks');
    fetchMock.mockResolvedValue(json(200, {}));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Move #4 up' })));
    const put = fetchMock.mock.calls.find((c) => c[1]?.method === 'PUT')!;
    expect(put[0]).toBe('/g/p/-/issues/1/links/14');
    expect(JSON.parse(put[1].body)).toEqual({ epic: { move_before_id: 12, move_after_id: 13 } });
    expect(screen.getAllByTestId('related-item').map((li) => within(li).getByRole('link').textContent)).toEqual(['Issue 2', 'Issue 4', 'Issue 3']);
    fetchMock.mockResolvedValue(json(200, { issuables: [rel(2, 'blocks'), rel(3, 'blocks')] }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove #4' })));
    expect(fetchMock.mock.calls.some((c) => c[0] === '/g/p/-/issues/1/links/14' && c[1]?.method === 'DELETE')).toBe(true);
  });

  it('refetches when issue.links arrives', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [])).mockResolvedValue(json(200, [rel(5, 'relates_to')]));
    renderBlock(false);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    act(() =>
      relatedIssueEvents['issue.links']!(
        { type: 'issue.links', seq: 2, issue: { id: 100, iid: 1, project_path: 'g/p' }, payload: { link_type: 'relates_to' }, actor: null, at: '' },
        { store: appStore, queryClient: qc },
      ),
    );
    expect(await screen.findByRole('link', { name: 'Issue 5' })).toBeTruthy();
  });
});
