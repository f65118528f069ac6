import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { DIFF_CONSTANTS, DIFF_TEXTS, type ApiDiffFile } from '@tandem/shared-types';
import { formatBytes, percentChange } from '../../../shared/format/formatBytes';

type ImageMode = 'twoUp' | 'swipe' | 'onion';
const MODES: ImageMode[] = ['twoUp', 'swipe', 'onion'];

const sizeText = (n: number | null) => (n === null ? '' : formatBytes(n));

/** The natural size of a loaded image (0 × 0 until it loads). */
function useNaturalSize(src: string | null) {
  const [size, setSize] = useState({ w: 0, h: 0 });
  useEffect(() => {
    if (!src) return;
    const img = new Image();
    img.onload = () => setSize({ w: img.naturalWidth, h: img.naturalHeight });
    img.src = src;
  }, [src]);
  return size;
}

/** Swipe: the new image over the old, cut at a handle the user drags; the frame is the larger image plus 2 px, re-measured on resize (debounced 400 ms). */
function Swipe({ oldSrc, newSrc }: { oldSrc: string; newSrc: string }) {
  const a = useNaturalSize(oldSrc);
  const b = useNaturalSize(newSrc);
  const frame = useRef<HTMLDivElement>(null);
  const [max, setMax] = useState({ w: 0, h: 0 });
  const [pos, setPos] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => {
      const avail = frame.current?.parentElement?.clientWidth || Infinity;
      const w = Math.min(Math.max(a.w, b.w), avail) + DIFF_CONSTANTS.swipeExtraPx;
      setMax({ w, h: Math.max(a.h, b.h) + DIFF_CONSTANTS.swipeExtraPx });
      setPos((p) => (p === null || p > w ? Math.round(w / 2) : p));
    };
    measure();
    let t: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(t);
      t = setTimeout(measure, DIFF_CONSTANTS.swipeResizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(t);
      window.removeEventListener('resize', onResize);
    };
  }, [a.w, a.h, b.w, b.h]);
  const drag = (e: PointerEvent<HTMLDivElement>) => {
    if (e.buttons !== 1 && e.type !== 'pointerdown') return;
    const rect = frame.current!.getBoundingClientRect();
    setPos(Math.max(0, Math.min(max.w, Math.round(e.clientX - rect.left))));
  };
  const x = pos ?? 0;
  return (
    <div ref={frame} className="swipe-frame" data-testid="image-swipe" style={{ width: max.w, height: max.h }} onPointerDown={drag} onPointerMove={drag}>
      <img src={oldSrc} alt="Old version" className="swipe-old" />
      <div className="swipe-new-wrap" style={{ width: x }} data-testid="swipe-new">
        <img src={newSrc} alt="New version" />
      </div>
      <span className="swipe-bar" style={{ left: x }} role="slider" aria-label="Swipe position" aria-valuemin={0} aria-valuemax={max.w} aria-valuenow={x} data-testid="swipe-handle" />
    </div>
  );
}

/** Onion skin: the new image over the old at a chosen opacity. */
function Onion({ oldSrc, newSrc }: { oldSrc: string; newSrc: string }) {
  const [opacity, setOpacity] = useState(50);
  return (
    <div className="onion" data-testid="image-onion">
      <div className="onion-stack">
        <img src={oldSrc} alt="Old version" />
        <img src={newSrc} alt="New version" className="onion-new" style={{ opacity: opacity / 100 }} data-testid="onion-new" />
      </div>
      <input type="range" min={0} max={100} value={opacity} onChange={(e) => setOpacity(Number(e.target.value))} aria-label="Opacity" data-testid="onion-opacity" />
    </div>
  );
}

/** The image viewer: 2-up (default), Swipe and Onion skin when both sides exist; the one image otherwise. */
export function ImageDiff({ file }: { file: ApiDiffFile }) {
  const [mode, setMode] = useState<ImageMode>('twoUp');
  const oldSrc = file.old_raw_path;
  const newSrc = file.new_raw_path;
  if (!oldSrc || !newSrc) {
    const src = (newSrc ?? oldSrc)!;
    return (
      <div className="image-diff" data-testid="image-single">
        <figure className={newSrc ? 'added' : 'deleted'}>
          <img src={src} alt={file.new_path} />
          <figcaption>{sizeText(newSrc ? file.new_size : file.old_size)}</figcaption>
        </figure>
      </div>
    );
  }
  return (
    <div className="image-diff" data-testid="image-diff" data-mode={mode}>
      {mode === 'twoUp' && (
        <div className="two-up" data-testid="image-two-up">
          <figure className="deleted">
            <img src={oldSrc} alt="Old version" />
            <figcaption>{sizeText(file.old_size)}</figcaption>
          </figure>
          <figure className="added">
            <img src={newSrc} alt="New version" />
            <figcaption>
              {sizeText(file.new_size)}
              {file.old_size !== null && file.new_size !== null && percentChange(file.old_size, file.new_size) !== null && (
                <span className="muted" data-testid="image-size-change">
                  {' '}
                  ({percentChange(file.old_size, file.new_size)})
                </span>
              )}
            </figcaption>
          </figure>
        </div>
      )}
      {mode === 'swipe' && <Swipe oldSrc={oldSrc} newSrc={newSrc} />}
      {mode === 'onion' && <Onion oldSrc={oldSrc} newSrc={newSrc} />}
      <div className="image-modes" role="tablist">
        {MODES.map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} onClick={() => setMode(m)} data-testid={`image-mode-${m}`}>
            {DIFF_TEXTS.imageModes[m]}
          </button>
        ))}
      </div>
    </div>
  );
}
