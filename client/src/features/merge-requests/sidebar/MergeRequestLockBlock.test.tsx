import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DISCUSSION_TEXTS, LOCK_TEXTS } from '@tandem/shared-types';
import { jsonResponse, renderWithStores, stubFetch } from '../../../test/kit';
import { MergeRequestLockBlock } from './MergeRequestLockBlock';

const PUT = 'PUT /api/v4/projects/acme%2Ftandem/merge_requests/3';

describe('the merge request lock block', () => {
  it('asks first, then locks the discussion (PUT discussion_locked) and reads the merge request again', async () => {
    const api = stubFetch({ [PUT]: { iid: 3, discussion_locked: true } });
    const onSaved = vi.fn();
    renderWithStores(<MergeRequestLockBlock locked={false} projectPath="acme/tandem" iid={3} canUpdate onSaved={onSaved} />);
    expect(screen.getByTestId('mr-lock-status').textContent).toBe(LOCK_TEXTS.unlocked);
    fireEvent.click(within(screen.getByTestId('mr-sidebar-lock')).getByRole('button', { name: 'Edit' }));
    const form = screen.getByTestId('mr-lock-form');
    expect(form.textContent).toContain(LOCK_TEXTS.confirmLock('merge request'));
    expect(form.textContent).toContain(DISCUSSION_TEXTS.lockLockedSays);
    fireEvent.click(within(form).getByRole('button', { name: LOCK_TEXTS.lock }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.lastCall(PUT).body).toEqual({ discussion_locked: true });
    expect(screen.queryByTestId('mr-lock-form')).toBeNull();
  });

  it("shows Locked with its detail; a refusal says the merge request's lock text and keeps the form", async () => {
    stubFetch({ [PUT]: jsonResponse({ message: '403 Forbidden' }, { status: 403 }) });
    const onSaved = vi.fn();
    renderWithStores(<MergeRequestLockBlock locked projectPath="acme/tandem" iid={3} canUpdate onSaved={onSaved} />);
    expect(screen.getByTestId('mr-lock-status').textContent).toBe(`${LOCK_TEXTS.locked} ${LOCK_TEXTS.lockedDetail}`);
    fireEvent.click(within(screen.getByTestId('mr-sidebar-lock')).getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(screen.getByTestId('mr-lock-form')).getByRole('button', { name: LOCK_TEXTS.unlock }));
    expect(await screen.findByText(LOCK_TEXTS.failed('merge request'))).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByTestId('mr-lock-form')).toBeTruthy();
  });

  it('offers no Edit to a reader who may not update', () => {
    renderWithStores(<MergeRequestLockBlock locked={false} projectPath="acme/tandem" iid={3} canUpdate={false} onSaved={() => {}} />);
    expect(within(screen.getByTestId('mr-sidebar-lock')).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
