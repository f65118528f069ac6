import { useEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { DIFF_CONSTANTS, DIFF_TEXTS, type ApiDiffFile } from '@tandem/shared-types';
import { formatBytes, percentChange } from '../../../shared/format/formatBytes';
import { CommentableImage, ImageBadges, ImageThreadList, type ImageNotes, type ThreadToggle } from './ImageNotes';

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
function Swipe({ oldSrc, newSrc, badges }: { oldSrc: string; newSrc: string; badges?: ReactNode }) {
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
      {/* The new image's badges, over it at its size (the new image sits at the frame's top left) */}
      {badges && <div className="swipe-badges" style={{ width: b.w, height: b.h }}>{badges}</div>}
    </div>
  );
}

/** Onion skin: the new image over the old at a chosen opacity. */
function Onion({ oldSrc, newSrc, badges }: { oldSrc: string; newSrc: string; badges?: ReactNode }) {
  const [opacity, setOpacity] = useState(50);
  const b = useNaturalSize(newSrc);
  return (
    <div className="onion" data-testid="image-onion">
      <div className="onion-stack">
        <img src={oldSrc} alt="Old version" />
        <img src={newSrc} alt="New version" className="onion-new" style={{ opacity: opacity / 100 }} data-testid="onion-new" />
        {badges && <div className="onion-badges" style={{ width: b.w, height: b.h }}>{badges}</div>}
      </div>
      <input type="range" min={0} max={100} value={opacity} onChange={(e) => setOpacity(Number(e.target.value))} aria-label="Opacity" data-testid="onion-opacity" />
    </div>
  );
}

/** Threads folded by their badge, per image. */
function useThreadToggle(): ThreadToggle {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  return useMemo(
    () => ({
      hidden,
      toggle: (id: string) =>
        setHidden((h) => {
          const next = new Set(h);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
    }),
    [hidden],
  );
}

/**
 * The image viewer: 2-up (default), Swipe and Onion skin when both sides exist; the one image
 * otherwise. With `notes`, a click on the new image (the old one of a deleted file) opens the
 * comment form at that point; the threads' numbered badges sit on that image (in every mode) and
 * the threads are listed under it with the same numbers; a badge folds or unfolds its thread.
 */
export function ImageDiff({ file, notes }: { file: ApiDiffFile; notes?: ImageNotes }) {
  const [mode, setMode] = useState<ImageMode>('twoUp');
  const fold = useThreadToggle();
  const oldSrc = file.old_raw_path;
  const newSrc = file.new_raw_path;
  const list = notes && <ImageThreadList notes={notes} fold={fold} />;
  if (!oldSrc || !newSrc) {
    const src = (newSrc ?? oldSrc)!;
    return (
      <div className="image-diff" data-testid="image-single">
        <figure className={newSrc ? 'added' : 'deleted'}>
          <CommentableImage src={src} alt={file.new_path} notes={notes} fold={fold} />
          <figcaption>{sizeText(newSrc ? file.new_size : file.old_size)}</figcaption>
        </figure>
        {list}
      </div>
    );
  }
  const badges = notes && <ImageBadges notes={notes} fold={fold} />;
  return (
    <div className="image-diff" data-testid="image-diff" data-mode={mode}>
      {mode === 'twoUp' && (
        <div className="two-up" data-testid="image-two-up">
          <figure className="deleted">
            <img src={oldSrc} alt="Old version" />
            <figcaption>{sizeText(file.old_size)}</figcaption>
          </figure>
          <figure className="added">
            <CommentableImage src={newSrc} alt="New version" notes={notes} fold={fold} />
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
      {mode === 'swipe' && <Swipe oldSrc={oldSrc} newSrc={newSrc} badges={badges} />}
      {mode === 'onion' && <Onion oldSrc={oldSrc} newSrc={newSrc} badges={badges} />}
      <div className="image-modes" role="tablist">
        {MODES.map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} onClick={() => setMode(m)} data-testid={`image-mode-${m}`}>
            {DIFF_TEXTS.imageModes[m]}
          </button>
        ))}
      </div>
      {list}
    </div>
  );
}
