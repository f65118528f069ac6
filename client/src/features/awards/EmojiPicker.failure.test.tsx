import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DISCUSSION_LIMITS, DISCUSSION_TEXTS } from '@tandem/shared-types';
import { EmojiPicker } from './EmojiPicker';
import { resetEmojiMenuCreation } from './emojiMenuCreation';

// The emoji data's chunk cannot load (a deploy replaced it, the network dropped)
vi.mock('../../shared/emoji/useEmojiData', () => ({ useEmojiData: () => ({ data: null, failed: true }) }));

describe('EmojiPicker when the emoji categories cannot be added', () => {
  beforeEach(() => {
    resetEmojiMenuCreation();
    document.cookie = `${DISCUSSION_LIMITS.frequentEmojiCookie}=${encodeURIComponent('tada,no_such_emoji')}; path=/`;
  });
  afterEach(() => {
    cleanup();
    document.cookie = `${DISCUSSION_LIMITS.frequentEmojiCookie}=; max-age=0; path=/`;
  });

  it("says 'We encountered an error while adding the remaining categories' and keeps the frequently used emojis it knows", async () => {
    const onSelect = vi.fn();
    render(<EmojiPicker onSelect={onSelect} />);
    fireEvent.click(screen.getByTestId('add-reaction'));
    const dialog = await screen.findByRole('dialog', { name: 'Emoji' }, { timeout: 3000 });
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe(DISCUSSION_TEXTS.emojiCategoriesFailed);
    expect(screen.queryByRole('tablist', { name: 'Emoji categories' })).toBeNull();
    const frequent = screen.getByTestId('emoji-frequent');
    expect([...frequent.querySelectorAll('[data-emoji]')].map((b) => b.getAttribute('data-emoji'))).toEqual(['tada']);
    fireEvent.click(frequent.querySelector('[data-emoji="tada"]')!);
    expect(onSelect).toHaveBeenCalledWith('tada');
  });
});
