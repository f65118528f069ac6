import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { DISCUSSION_TEXTS, type RelatedIssue } from '@tandem/shared-types';
import { deferred, renderWithStores, stubFetch } from '../../test/kit';
import { useBlockedCloseConfirm } from './useBlockedCloseConfirm';
import { relatedIssuesKey } from './relatedIssuesApi';

const LINKS = 'GET /g/p/-/issues/1/links';
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
  let qc: QueryClient;
  /** The related list is in the cache (loaded), so the live count applies. */
  const loaded = async () => {
    await waitFor(() => expect(qc.getQueryData(relatedIssuesKey('g/p', 1))).toBeDefined());
    await act(() => new Promise((r) => setTimeout(r, 10)));
  };
  const renderIt = (toggle: (e: 'CLOSE' | 'REOPEN') => void, pageCount = 0) => {
    qc = renderWithStores(<Harness toggle={toggle} pageCount={pageCount} />).queryClient;
  };

  it('asks first when open issues block this one, closing only on yes', async () => {
    stubFetch({ [LINKS]: [blocker(2, 'opened'), blocker(3, 'opened'), blocker(4, 'closed')] });
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
    stubFetch({ [LINKS]: [blocker(4, 'closed')] });
    const toggle = vi.fn();
    renderIt(toggle, 3);
    await loaded();
    fireEvent.click(screen.getByText('Close issue'));
    fireEvent.click(screen.getByText('Reopen issue'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle.mock.calls).toEqual([['CLOSE'], ['REOPEN']]);
  });

  it("uses the page's blocked_by_count until the list is loaded", () => {
    stubFetch({ [LINKS]: deferred().handler });
    const toggle = vi.fn();
    renderIt(toggle, 1);
    fireEvent.click(screen.getByText('Close issue'));
    expect(screen.getByRole('dialog').textContent).toContain(DISCUSSION_TEXTS.blockedCloseConfirm(1));
  });
});
