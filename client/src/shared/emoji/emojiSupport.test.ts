import { describe, expect, it } from 'vitest';
import { emojiImageName } from '@tandem/shared-types';
import { drawsColourEmoji, type ProbeContext } from './emojiSupport';

/** A canvas stand-in that paints every drawn text as the given RGBA pixels (or nothing). */
function probeThatPaints(pixel: [number, number, number, number] | null) {
  const drawn: string[] = [];
  const ctx: ProbeContext = {
    font: '',
    textBaseline: 'alphabetic',
    fillStyle: '',
    fillText: (text) => void drawn.push(text),
    getImageData: (_x, _y, w, h) => {
      const data = new Uint8ClampedArray(w * h * 4);
      if (pixel && drawn.length) data.set(pixel, 4 * (w * 10 + 10));
      return { data };
    },
  };
  return { factory: () => ctx, drawn };
}

describe('emoji support detection (the canvas test before the image fallback)', () => {
  it('an emoji font paints colour: supported', () => {
    const p = probeThatPaints([255, 204, 77, 255]);
    expect(drawsColourEmoji('👍', p.factory)).toBe(true);
    expect(p.drawn).toEqual(['👍']);
  });

  it('a missing glyph paints a grey box or a black outline, or nothing: not supported', () => {
    expect(drawsColourEmoji('👍', probeThatPaints([0, 0, 0, 255]).factory)).toBe(false);
    expect(drawsColourEmoji('👍', probeThatPaints([128, 128, 128, 200]).factory)).toBe(false);
    expect(drawsColourEmoji('👍', probeThatPaints(null).factory)).toBe(false);
  });

  it('a colour only where nothing is painted (alpha 0) does not count', () => {
    expect(drawsColourEmoji('👍', probeThatPaints([255, 0, 0, 0]).factory)).toBe(false);
  });

  it('without a canvas the font is trusted', () => {
    expect(drawsColourEmoji('👍', () => null)).toBe(true);
  });
});

describe('emojiImageName (Twemoji file names)', () => {
  it('code points in hex; U+FE0F dropped except in ZWJ sequences', () => {
    expect(emojiImageName('👍')).toBe('1f44d.svg');
    expect(emojiImageName('❤️')).toBe('2764.svg');
    expect(emojiImageName('👍🏽')).toBe('1f44d-1f3fd.svg');
    expect(emojiImageName('🏳️‍🌈')).toBe('1f3f3-fe0f-200d-1f308.svg');
  });
});
