import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DISCUSSION_LIMITS, DISCUSSION_TEXTS, EMOJI_IMAGES } from '@tandem/shared-types';
import { EmojiPicker } from './EmojiPicker';
import { loadEmojiData, searchEmojis } from '../../shared/emoji/emojiData';
import { readFrequentEmojis } from './frequentEmojis';
import { resetEmojiMenuCreation } from './emojiMenuCreation';
import { resetEmojiSupport } from '../../shared/emoji/emojiSupport';

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

  it('without an emoji font, shows each emoji as its Twemoji image, loaded lazily; with one, the characters', async () => {
    const original = HTMLCanvasElement.prototype.getContext;
    // A canvas that paints every emoji as a black box: no colour, so no emoji font
    HTMLCanvasElement.prototype.getContext = (() => ({
      font: '',
      textBaseline: 'top',
      fillStyle: '',
      fillText: () => undefined,
      getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4).fill(255).map((v, i) => (i % 4 === 3 ? 255 : 0)) }),
    })) as unknown as typeof HTMLCanvasElement.prototype.getContext;
    resetEmojiSupport();
    try {
      render(<EmojiPicker onSelect={() => {}} />);
      fireEvent.click(screen.getByTestId('add-reaction'));
      await menuShown();
      const grid = await screen.findByTestId('emoji-category');
      const grinning = grid.querySelector('[data-emoji="grinning"]')!;
      const img = grinning.querySelector('img')!;
      expect(img.getAttribute('src')).toBe(`${EMOJI_IMAGES.path}/1f600.svg`);
      expect(img.getAttribute('alt')).toBe(':grinning:');
      expect(img.getAttribute('loading')).toBe('lazy');
      // every emoji of the category is an image, none a character the system would draw as a box
      expect([...grid.querySelectorAll('button[data-emoji]')].every((b) => b.querySelector('img') !== null)).toBe(true);
    } finally {
      HTMLCanvasElement.prototype.getContext = original;
      resetEmojiSupport();
    }
    cleanup();
    resetEmojiMenuCreation();
    render(<EmojiPicker onSelect={() => {}} />);
    fireEvent.click(screen.getByTestId('add-reaction'));
    await menuShown();
    const grid = await screen.findByTestId('emoji-category');
    expect(grid.querySelector('img')).toBeNull();
    expect(grid.querySelector('[data-emoji="grinning"]')!.textContent).toBe('😀');
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
