import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DISCUSSION_TEXTS, EMOJI_IMAGES, type NoteAward } from '@tandem/shared-types';
import { resetEmojiSupport } from '../../shared/emoji/emojiSupport';
import { appStore } from '../../shared/store';
import { deferred, jsonResponse, stubFetch } from '../../test/kit';
import { AwardsBar } from './AwardsBar';
import { awardsAtomFamily, setAward } from './awardsAtoms';

const me = { id: 7, name: 'Mia', username: 'mia' };
const bob = { id: 2, name: 'Bob', username: 'bob' };
const URL = '/g/p/-/issues/1/toggle_award_emoji';
const TOGGLE = `POST ${URL}`;

function renderBar(awards: NoteAward[], opts: { canAward?: boolean; user?: typeof me | null } = {}) {
  render(<AwardsBar awardableType="Issue" awardableId={100} awards={awards} canAward={opts.canAward ?? true} toggleUrl={URL} currentUser={opts.user === undefined ? me : opts.user} />);
}

describe('AwardsBar', () => {
  afterEach(() => awardsAtomFamily.remove('Issue:100'));

  it('shows each emoji with its count, pressed when the viewer reacted, with the names', () => {
    renderBar([{ name: 'thumbsup', user: bob }, { name: 'thumbsup', user: me }, { name: 'tada', user: bob }]);
    const up = screen.getByTestId('award-thumbsup');
    expect(up.textContent).toContain('2');
    expect(up.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('award-tooltip-thumbsup').textContent).toBe('You and Bob');
    expect(screen.getByTestId('award-tada').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('award-thumbsdown').textContent).toContain('0');
  });

  it('toggles at once and posts {name}; thumbs up takes the viewer thumbs down away (the server does the same)', async () => {
    const api = stubFetch({ [TOGGLE]: { ok: true } });
    renderBar([{ name: 'thumbsdown', user: me }]);
    fireEvent.click(screen.getByTestId('award-thumbsup'));
    expect(screen.getByTestId('award-thumbsup').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('award-thumbsdown').textContent).toContain('0');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.lastCall(TOGGLE).body).toEqual({ name: 'thumbsup' });
  });

  it('a refused thumbs up gives the viewer thumbs down back', async () => {
    stubFetch({ [TOGGLE]: jsonResponse({}, { status: 500 }) });
    renderBar([{ name: 'thumbsdown', user: me }]);
    fireEvent.click(screen.getByTestId('award-thumbsup'));
    await waitFor(() => expect(screen.getByTestId('award-error')).toBeTruthy());
    expect(screen.getByTestId('award-thumbsdown').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('award-thumbsup').textContent).toContain('0');
  });

  it("rolls back and says so when the server refuses, keeping others' live changes", async () => {
    const refusal = deferred();
    stubFetch({ [TOGGLE]: refusal.handler });
    renderBar([]);
    fireEvent.click(screen.getByTestId('award-thumbsup'));
    expect(screen.getByTestId('award-thumbsup').textContent).toContain('1');
    act(() => appStore.set(awardsAtomFamily('Issue:100'), (cur) => setAward(cur ?? [], 'thumbsup', bob, true)));
    await act(async () => refusal.release(jsonResponse({}, { status: 500 })));
    await waitFor(() => expect(screen.getByTestId('award-error').textContent).toContain(DISCUSSION_TEXTS.awardFailed));
    expect(screen.getByTestId('award-thumbsup').textContent).toContain('1');
    expect(screen.getByTestId('award-tooltip-thumbsup').textContent).toBe('Bob');
  });

  it('disables the buttons and offers no picker when signed out', () => {
    const api = stubFetch();
    renderBar([{ name: 'thumbsup', user: bob }], { user: null, canAward: false });
    expect((screen.getByTestId('award-thumbsup') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('add-reaction')).toBeNull();
    fireEvent.click(screen.getByTestId('award-thumbsup'));
    expect(api.calls).toEqual([]);
  });

  it('shows awards arriving live through the store', () => {
    renderBar([]);
    act(() => appStore.set(awardsAtomFamily('Issue:100'), [{ name: 'rocket', user: bob }]));
    expect(screen.getByTestId('award-rocket').textContent).toContain('1');
  });
});

describe('AwardsBar when empty', () => {
  afterEach(() => awardsAtomFamily.remove('Issue:100'));
  it('is hidden for a viewer who may not react; offers thumbs and the picker to one who may', () => {
    const { container } = render(<AwardsBar awardableType="Issue" awardableId={100} awards={[]} canAward={false} toggleUrl={URL} currentUser={null} />);
    expect(container.textContent).toBe('');
    cleanup();
    render(<AwardsBar awardableType="Issue" awardableId={100} awards={[]} canAward toggleUrl={URL} currentUser={me} />);
    expect(screen.getByTestId('award-thumbsup').textContent).toContain('0');
    expect(screen.getByTestId('add-reaction')).toBeTruthy();
  });
});

describe('AwardsBar without an emoji font', () => {
  const original = HTMLCanvasElement.prototype.getContext;
  afterEach(() => {
    HTMLCanvasElement.prototype.getContext = original;
    resetEmojiSupport();
    awardsAtomFamily.remove('Issue:100');
  });

  it('shows each reaction as its Twemoji image with the shortcode as alt text, the count beside it', () => {
    // A canvas that paints every emoji as a black box: no colour, so no emoji font
    HTMLCanvasElement.prototype.getContext = (() => ({
      font: '',
      textBaseline: 'top',
      fillStyle: '',
      fillText: () => undefined,
      getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4).fill(255).map((v, i) => (i % 4 === 3 ? 255 : 0)) }),
    })) as unknown as typeof HTMLCanvasElement.prototype.getContext;
    resetEmojiSupport();
    renderBar([{ name: 'thumbsup', user: bob }, { name: 'tada', user: bob }]);
    const img = screen.getByTestId('award-thumbsup').querySelector('img');
    expect(img?.getAttribute('alt')).toBe(':thumbsup:');
    expect(img?.getAttribute('src')).toBe(`${EMOJI_IMAGES.path}/1f44d.svg`);
    expect(screen.getByTestId('award-thumbsup').textContent).toBe('1');
    expect(screen.getByTestId('award-tada').querySelector('img')?.getAttribute('src')).toBe(`${EMOJI_IMAGES.path}/1f389.svg`);
  });

  it('with an emoji font, the characters themselves', () => {
    HTMLCanvasElement.prototype.getContext = (() => ({
      font: '',
      textBaseline: 'top',
      fillStyle: '',
      fillText: () => undefined,
      getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4).fill(200).map((v, i) => (i % 4 === 0 ? 255 : v)) }),
    })) as unknown as typeof HTMLCanvasElement.prototype.getContext;
    resetEmojiSupport();
    renderBar([{ name: 'thumbsup', user: bob }]);
    expect(screen.getByTestId('award-thumbsup').querySelector('img')).toBeNull();
    expect(screen.getByTestId('award-thumbsup').textContent).toBe('👍1');
  });
});
