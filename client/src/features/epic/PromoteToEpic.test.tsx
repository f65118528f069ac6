import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { EPIC_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { graphql, stubFetch } from '../../test/kit';
import { epicPromotionAtom, PROMOTE_REDIRECT_DELAY_MS, PromoteToEpicStatus, runPromotion } from './PromoteToEpic';

describe('promote to epic', () => {
  beforeEach(() => appStore.set(epicPromotionAtom, { kind: 'idle' }));

  it('sends promoteToEpic, shows the success text, then goes to the epic', async () => {
    const api = stubFetch({ 'POST /api/graphql': graphql({ promoteToEpic: { data: { promoteToEpic: { errors: [], epic: { id: 'gid://tandem/Epic/9', iid: '4', webPath: '/groups/acme/-/epics/4' } } } } }) });
    const navigate = vi.fn();
    render(<PromoteToEpicStatus />);
    await act(() => runPromotion('acme/tandem', 7, navigate));
    expect(api.lastCall('POST /api/graphql').body.variables.input).toEqual({ projectPath: 'acme/tandem', iid: '7' });
    expect(screen.getByTestId('promote-epic-status').textContent).toBe(EPIC_TEXTS.promoteSuccess);
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/groups/acme/-/epics/4'), { timeout: PROMOTE_REDIRECT_DELAY_MS + 1000 });
  });

  it('shows the failure text on errors or a refused request, and no redirect', async () => {
    const navigate = vi.fn();
    render(<PromoteToEpicStatus />);
    const api = stubFetch({ 'POST /api/graphql': graphql({ promoteToEpic: { data: { promoteToEpic: { errors: ['Cannot promote issue because it does not belong to a group.'], epic: null } } } }) });
    await act(() => runPromotion('alice/personal', 1, navigate));
    expect(screen.getByTestId('promote-epic-status').querySelector('.alert__body')!.textContent).toBe(EPIC_TEXTS.promoteFailed);
    api.on({ 'POST /api/graphql': graphql({ promoteToEpic: { errors: [{ message: 'forbidden' }] } }) });
    await act(() => runPromotion('acme/tandem', 1, navigate));
    expect(screen.getByTestId('promote-epic-status').querySelector('.alert__body')!.textContent).toBe(EPIC_TEXTS.promoteFailed);
    expect(navigate).not.toHaveBeenCalled();
  });
});
