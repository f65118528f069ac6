/** The side of the square the test emoji is drawn in (GitLab's unicode support test draws at 32 px). */
const PROBE_PX = 32;

/** The part of a 2D canvas the test uses (a real canvas, or a stand-in in unit tests). */
export interface ProbeContext {
  font: string;
  textBaseline: CanvasTextBaseline;
  fillStyle: string | CanvasGradient | CanvasPattern;
  fillText(text: string, x: number, y: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
}

export type ProbeFactory = () => ProbeContext | null;

const canvasProbe: ProbeFactory = () => {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = PROBE_PX;
  canvas.height = PROBE_PX;
  try {
    return canvas.getContext('2d', { willReadFrequently: true }) as ProbeContext | null;
  } catch {
    return null;
  }
};

/**
 * Whether the browser draws `unicode` as a colour emoji (GitLab's canvas check before it falls
 * back to images): the emoji is drawn in black; an emoji font paints coloured pixels, while a
 * missing glyph (an empty box, a monochrome symbol) paints only greys or nothing. Without a
 * canvas to test with, the font is trusted.
 */
export function drawsColourEmoji(unicode: string, probe: ProbeFactory = canvasProbe): boolean {
  const ctx = probe();
  if (!ctx) return true;
  ctx.font = `${PROBE_PX - 4}px sans-serif`;
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#000';
  ctx.fillText(unicode, 0, 0);
  const { data } = ctx.getImageData(0, 0, PROBE_PX, PROBE_PX);
  for (let i = 0; i + 3 < data.length; i += 4) {
    if (data[i + 3]! > 0 && (data[i] !== data[i + 1] || data[i + 1] !== data[i + 2])) return true;
  }
  return false;
}

/** The emoji the page tests its font with (GitLab tests one emoji per Unicode version; one font either has them or not). */
export const PROBE_EMOJI = '\u{1F604}';

let answer: boolean | undefined;

/**
 * Whether the system draws emoji in colour: `drawsColourEmoji` on the page's canvas, asked once
 * per page (the picker shows some 1,800 emoji; testing each would cost a frame or more).
 */
export function emojiSupported(): boolean {
  answer ??= drawsColourEmoji(PROBE_EMOJI);
  return answer;
}

/** Forgets the answer (tests that change what the canvas draws). */
export function resetEmojiSupport(): void {
  answer = undefined;
}
