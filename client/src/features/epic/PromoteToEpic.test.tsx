import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { EPIC_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { epicPromotionAtom, PROMOTE_REDIRECT_DELAY_MS, PromoteToEpicStatus, runPromotion } from './PromoteToEpic';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('promote to epic', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    appStore.set(epicPromotionAtom, { kind: 'idle' });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends promoteToEpic, shows the success text, then goes to the epic', async () => {
    fetchMock.mockResolvedValue(json({ data: { promoteToEpic: { errors: [], epic: { id: 'gid://tandem/Epic/9', iid: '4', webPath: '/groups/acme/-/epics/4' } } } }));
    const navigate = vi.fn();
    render(<PromoteToEpicStatus />);
    await act(() => runPromotion('acme/tandem', 7, navigate));
    const sent = JSON.parse(fetchMock.mock.calls[0]![1].body);
    expect(sent.query).toContain('promoteToEpic');
    expect(sent.variables.input).toEqual({ projectPath: 'acme/tandem', iid: '7' });
    expect(screen.getByTestId('promote-epic-status').textContent).toBe(EPIC_TEXTS.promoteSuccess);
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/groups/acme/-/epics/4'), { timeout: PROMOTE_REDIRECT_DELAY_MS + 1000 });
  });

  it('shows the failure text on errors or a refused request, and no redirect', async () => {
    const navigate = vi.fn();
    render(<PromoteToEpicStatus />);
    fetchMock.mockResolvedValue(json({ data: { promoteToEpic: { errors: ['Cannot promote issue because it does not belong to a group.'], epic: null } } }));
    await act(() => runPromotion('alice/personal', 1, navigate));
    expect(screen.getByTestId('promote-epic-status').querySelector('.alert__body')!.textContent).toBe(EPIC_TEXTS.promoteFailed);
    fetchMock.mockResolvedValue(json({ errors: [{ message: 'forbidden' }] }));
    await act(() => runPromotion('acme/tandem', 1, navigate));
    expect(screen.getByTestId('promote-epic-status').querySelector('.alert__body')!.textContent).toBe(EPIC_TEXTS.promoteFailed);
    expect(navigate).not.toHaveBeenCalled();
  });
});
