import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { USER_STATUS_CLEAR_AFTER, USER_STATUS_TEXTS as T } from '@tandem/shared-types';
import { jsonResponse, renderWithStores, stubFetch } from '../../test/kit';
import { SetStatusDialog } from './SetStatusDialog';

const current = { availability: 'not_set', emoji: 'tada', message: 'Shipped', message_html: 'Shipped', clear_status_at: null };

describe('SetStatusDialog', () => {
  it("opens with the current status and 8 hours chosen among the spec's durations; Set status sends emoji, message, busy and clear_status_after", async () => {
    const api = stubFetch({ 'GET /api/v4/user/status': current, 'PUT /api/v4/user/status': (c) => ({ ...current, ...(c.body as object) }) });
    const onOpenChange = vi.fn();
    renderWithStores(<SetStatusDialog open onOpenChange={onOpenChange} />);
    const message = await screen.findByRole('textbox', { name: T.message });
    await waitFor(() => expect((message as HTMLInputElement).value).toBe('Shipped'));
    expect(screen.getByRole('img', { name: 'Status' }).textContent).toBe('🎉');
    const clear = screen.getByRole('combobox', { name: T.clearAfter }) as HTMLSelectElement;
    expect([...clear.options].map((o) => o.textContent)).toEqual(['30 minutes', '3 hours', '8 hours', '1 day', '3 days', '7 days', '30 days']);
    expect(clear.value).toBe('8_hours');
    fireEvent.change(message, { target: { value: '  In a meeting ' } });
    fireEvent.change(clear, { target: { value: USER_STATUS_CLEAR_AFTER[0].value } });
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(T.busy) }));
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.lastCall('PUT /api/v4/user/status').body).toEqual({ emoji: 'tada', message: 'In a meeting', availability: 'busy', clear_status_after: '30_minutes' });
  });

  it('Remove status clears it; a refusal keeps the dialog open with the reason', async () => {
    let refuse = true;
    const api = stubFetch({
      'GET /api/v4/user/status': current,
      'PUT /api/v4/user/status': () => (refuse ? jsonResponse({ message: { emoji: ['is not a valid emoji name'] } }, { status: 400 }) : current),
    });
    const onOpenChange = vi.fn();
    renderWithStores(<SetStatusDialog open onOpenChange={onOpenChange} />);
    fireEvent.click(await screen.findByRole('button', { name: T.remove }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('emoji is not a valid emoji name'));
    expect(onOpenChange).not.toHaveBeenCalled();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: T.remove }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.lastCall('PUT /api/v4/user/status').body).toEqual({ emoji: null, message: null, availability: 'not_set' });
  });
});
