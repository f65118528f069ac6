import { CheckCircle2, CircleDot, Flag, Pencil, Reply, SmilePlus, Trash2, UserMinus, UserPlus, type LucideIcon } from 'lucide-react';

/** The icons drawn on every note (its actions, resolve, add reaction). */
const SPRITE = {
  flag: Flag,
  pencil: Pencil,
  reply: Reply,
  trash: Trash2,
  'user-minus': UserMinus,
  'user-plus': UserPlus,
  'smile-plus': SmilePlus,
  'check-circle': CheckCircle2,
  'circle-dot': CircleDot,
} satisfies Record<string, LucideIcon>;

export type SpriteIconName = keyof typeof SPRITE;

/**
 * The note icons as SVG symbols, once per page (mounted beside the app in main.tsx). A lucide
 * icon is an `<svg>` of ten attributes and one to six paths; a page of 250 notes drew each of
 * them 250 times, and a review's 30 new threads created about 1,200 attributes for their icons.
 */
export function IconSprite() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false" data-testid="icon-sprite">
      {Object.entries(SPRITE).map(([name, Draw]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <Draw />
        </symbol>
      ))}
    </svg>
  );
}

/** One of the sprite's icons (decorative: the control around it carries the label). */
export function SpriteIcon({ name, size = 16 }: { name: SpriteIconName; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
