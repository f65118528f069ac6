import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CLONE_TEXTS } from '@tandem/shared-types';
import { CloneDropdown } from './CloneDropdown';

const URL_ = 'http://localhost:3000/acme/tandem.git';

describe('clone dropdown', () => {
  it('shows the HTTP URL, switches it between the offered options, and copies the one shown', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CloneDropdown httpUrl={URL_} username="bob" />);
    fireEvent.pointerDown(screen.getByRole('button', { name: CLONE_TEXTS.button }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
    const input = await screen.findByRole('textbox', { name: CLONE_TEXTS.urlLabel });
    expect((input as HTMLInputElement).value).toBe(URL_);
    fireEvent.click(screen.getByRole('menuitemradio', { name: CLONE_TEXTS.httpWithUsername }));
    expect((screen.getByRole('textbox', { name: CLONE_TEXTS.urlLabel }) as HTMLInputElement).value).toBe('http://bob@localhost:3000/acme/tandem.git');
    fireEvent.click(screen.getByRole('button', { name: CLONE_TEXTS.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://bob@localhost:3000/acme/tandem.git'));
    fireEvent.click(screen.getByRole('menuitemradio', { name: CLONE_TEXTS.http }));
    expect((screen.getByRole('textbox', { name: CLONE_TEXTS.urlLabel }) as HTMLInputElement).value).toBe(URL_);
  });

  it('offers only the plain HTTP URL to a signed-out visitor', async () => {
    render(<CloneDropdown httpUrl={URL_} username={null} />);
    fireEvent.pointerDown(screen.getByRole('button', { name: CLONE_TEXTS.button }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
    expect(await screen.findAllByRole('menuitemradio')).toHaveLength(1);
    expect((screen.getByRole('textbox', { name: CLONE_TEXTS.urlLabel }) as HTMLInputElement).value).toBe(URL_);
  });
});
