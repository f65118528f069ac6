import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DISCUSSION_TEXTS, type RelatedIssue } from '@tandem/shared-types';
import { useBlockedCloseConfirm } from './useBlockedCloseConfirm';
import { relatedIssuesKey } from './relatedIssuesApi';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const blocker = (iid: number, state: 'opened' | 'closed') => ({ iid, state, link_type: 'is_blocked_by', id_link: iid }) as unknown as RelatedIssue;

function Harness({ toggle, pageCount = 0 }: { toggle: (e: 'CLOSE' | 'REOPEN') => void; pageCount?: number }) {
  const { requestToggle, dialog } = useBlockedCloseConfirm('g/p', 1, 100, pageCount, toggle);
  return (
    <>
      <button onClick={() => requestToggle('CLOSE')}>Close issue</button>
      <button onClick={() => requestToggle('REOPEN')}>Reopen issue</button>
      {dialog}
    </>
  );
}

describe('useBlockedCloseConfirm', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  let qc: QueryClient;
  /** The related list is in the cache (loaded), so the live count applies. */
  const loaded = async () => {
    await waitFor(() => expect(qc.getQueryData(relatedIssuesKey('g/p', 1))).toBeDefined());
    await act(() => new Promise((r) => setTimeout(r, 10)));
  };
  const renderIt = (toggle: (e: 'CLOSE' | 'REOPEN') => void, pageCount = 0) =>
    render(
      <QueryClientProvider client={(qc = new QueryClient({ defaultOptions: { queries: { retry: false } } }))}>
        <Harness toggle={toggle} pageCount={pageCount} />
      </QueryClientProvider>,
    );

  it('asks first when open issues block this one, closing only on yes', async () => {
    fetchMock.mockResolvedValue(json([blocker(2, 'opened'), blocker(3, 'opened'), blocker(4, 'closed')]));
    const toggle = vi.fn();
    renderIt(toggle);
    await loaded();
    fireEvent.click(screen.getByText('Close issue'));
    expect(screen.getByRole('dialog').textContent).toContain(DISCUSSION_TEXTS.blockedCloseConfirm(2));
    expect(toggle).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, close issue' }));
    expect(toggle).toHaveBeenCalledWith('CLOSE');
  });

  it('closes at once when nothing open blocks it, and never asks to reopen', async () => {
    fetchMock.mockResolvedValue(json([blocker(4, 'closed')]));
    const toggle = vi.fn();
    renderIt(toggle, 3);
    await loaded();
    fireEvent.click(screen.getByText('Close issue'));
    fireEvent.click(screen.getByText('Reopen issue'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle.mock.calls).toEqual([['CLOSE'], ['REOPEN']]);
  });

  it("uses the page's blocked_by_count until the list is loaded", () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const toggle = vi.fn();
    renderIt(toggle, 1);
    fireEvent.click(screen.getByText('Close issue'));
    expect(screen.getByRole('dialog').textContent).toContain(DISCUSSION_TEXTS.blockedCloseConfirm(1));
  });
});
