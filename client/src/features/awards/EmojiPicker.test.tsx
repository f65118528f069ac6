import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DISCUSSION_LIMITS, DISCUSSION_TEXTS } from '@tandem/shared-types';
import { EmojiPicker } from './EmojiPicker';
import { loadEmojiData, searchEmojis } from '../../shared/emoji/emojiData';
import { readFrequentEmojis } from './frequentEmojis';
import { resetEmojiMenuCreation } from './emojiMenuCreation';

describe('emoji data', () => {
  beforeAll(async () => {
    await loadEmojiData();
  });

  it("names emojis by GitLab's names (github shortcodes) and searches names and shortcodes", async () => {
    const data = await loadEmojiData();
    expect(data.byName.get('thumbsup')?.name).toBe('thumbsup');
    expect(data.byName.get('+1')?.name).toBe('thumbsup');
    expect(data.byName.get('tada')?.unicode).toBe('🎉');
    expect(searchEmojis(data, 'thumbs').map((e) => e.name).slice(0, 2).sort()).toEqual(['thumbsdown', 'thumbsup']);
    expect(searchEmojis(data, 'zzzzqqq')).toEqual([]);
  });
});

/** The menu is open and shown (a cheap query: the grid holds hundreds of buttons). */
const menuShown = () => waitFor(() => expect(document.querySelector('[role="dialog"]:not([hidden])')).not.toBeNull(), { timeout: 3000 });

describe('EmojiPicker', () => {
  beforeEach(async () => {
    await loadEmojiData();
    resetEmojiMenuCreation();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    document.cookie = `${DISCUSSION_LIMITS.frequentEmojiCookie}=; max-age=0; path=/`;
  });

  it('opens a dialog with the search focused; Escape closes it and focus returns to the button', async () => {
    render(<EmojiPicker onSelect={() => {}} />);
    const trigger = screen.getByTestId('add-reaction');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await menuShown();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search emoji' }));
    await screen.findByTestId('emoji-category');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('searches after the 500 ms debounce, says "No emojis found." and remembers a pick in the cookie', async () => {
    const onSelect = vi.fn();
    render(<EmojiPicker onSelect={onSelect} />);
    fireEvent.click(screen.getByTestId('add-reaction'));
    // the page's first menu appears 200 ms after its creation
    await menuShown();
    await screen.findByTestId('emoji-category');
    vi.useFakeTimers();
    const search = screen.getByRole('searchbox', { name: 'Search emoji' });
    fireEvent.change(search, { target: { value: 'zzzzqqq' } });
    act(() => vi.advanceTimersByTime(DISCUSSION_LIMITS.emojiSearchDebounceMs - 50));
    expect(screen.queryByText(DISCUSSION_TEXTS.noEmojisFound)).toBeNull();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.getByText(DISCUSSION_TEXTS.noEmojisFound)).toBeTruthy();
    fireEvent.change(search, { target: { value: 'tada' } });
    act(() => vi.advanceTimersByTime(DISCUSSION_LIMITS.emojiSearchDebounceMs));
    fireEvent.click(screen.getByTestId('emoji-results').querySelector('[data-emoji="tada"]')!);
    expect(onSelect).toHaveBeenCalledWith('tada');
    expect(readFrequentEmojis()).toEqual(['tada']);
  });

  it('moves through the emojis with the arrow keys', async () => {
    render(<EmojiPicker onSelect={() => {}} />);
    fireEvent.click(screen.getByTestId('add-reaction'));
    await menuShown();
    const cat = await screen.findByTestId('emoji-category');
    const buttons = cat.querySelectorAll<HTMLButtonElement>('button[data-emoji]');
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[9]);
  });

  it("appears 200 ms after the page's first menu is created; later menus at once", () => {
    vi.useFakeTimers();
    render(<EmojiPicker onSelect={() => {}} />);
    const trigger = screen.getByTestId('add-reaction');
    fireEvent.click(trigger);
    act(() => vi.advanceTimersByTime(DISCUSSION_LIMITS.emojiMenuFirstShowDelayMs - 1));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog', { name: 'Emoji' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search emoji' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Emoji' })).toBeTruthy();
  });
});
