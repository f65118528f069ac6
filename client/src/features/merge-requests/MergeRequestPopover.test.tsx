import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStores, stubFetch } from '../../test/kit';
import { MergeRequestPopover } from './MergeRequestPopover';

const MR = { id: 7, iid: 3, title: 'Faster search', state: 'merged', created_at: new Date(Date.now() - 3 * 3600_000).toISOString() };

describe('the merge request popover', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('shows state, opened time, title and path!iid 200 ms after hovering a !N reference, and goes on mouse leave', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubFetch({ 'GET /api/v4/projects/acme%2Ftandem/merge_requests/3': MR });
    renderWithStores(<MergeRequestPopover />);
    const link = document.createElement('a');
    link.className = 'gfm gfm-merge_request';
    link.href = '/acme/tandem/-/merge_requests/3';
    link.textContent = '!3';
    document.body.appendChild(link);
    fireEvent.mouseOver(link);
    await act(async () => vi.advanceTimersByTime(150));
    expect(api.calls).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(60));
    const pop = await screen.findByTestId('mr-popover');
    expect(pop.textContent).toContain('Merged');
    expect(pop.textContent).toContain('Opened 3 hours ago');
    expect(pop.textContent).toContain('Faster search');
    expect(pop.textContent).toContain('acme/tandem!3');
    fireEvent.mouseOut(link);
    expect(screen.queryByTestId('mr-popover')).toBeNull();
  });
});
