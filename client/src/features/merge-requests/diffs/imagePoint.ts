import type { CSSProperties } from 'react';
import type { ApiImageDiffPosition } from '@tandem/shared-types';

/** A point of an image as GitLab's image position stores it: x, y on the image shown width × height. */
export type ImagePoint = Pick<ApiImageDiffPosition, 'x' | 'y' | 'width' | 'height'>;

/**
 * The point clicked on an image (GitLab's image diff overlay): offsets from its top left corner
 * on the image as displayed, and the displayed size, whole pixels, the point kept on the image.
 */
export function imagePointOf(clientX: number, clientY: number, rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>): ImagePoint {
  const width = Math.max(1, Math.round(rect.width));
  const height = Math.max(1, Math.round(rect.height));
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));
  return { x: clamp(clientX - rect.left, width), y: clamp(clientY - rect.top, height), width, height };
}

/**
 * Where a badge sits on the image as displayed now: the point's share of the size it was taken
 * on, so a badge stays on its spot when the image is shown larger or smaller than then.
 */
export function badgeStyle(p: ImagePoint): CSSProperties {
  const pct = (v: number, of: number) => `${Math.round((v / of) * 10000) / 100}%`;
  return { left: pct(p.x, p.width), top: pct(p.y, p.height) };
}

export const samePoint = (a: ImagePoint | null, b: ImagePoint | null) => !!a && !!b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
