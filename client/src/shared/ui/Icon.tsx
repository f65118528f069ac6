import { useLayoutEffect, useRef, useState } from 'react';
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

/** The style sheet of the note icons: each drawing once, as a CSS mask painted in the text's colour. */
export function iconStyleSheet(drawings: ReadonlyArray<{ name: string; svg: string }>): string {
  const rules = drawings.map(({ name, svg }) => `.icon--${name}{--icon:url("data:image/svg+xml,${encodeURIComponent(svg)}")}`);
  return [
    '.icon{display:inline-block;flex:none;vertical-align:middle;background-color:currentColor;-webkit-mask:var(--icon) center/contain no-repeat;mask:var(--icon) center/contain no-repeat}',
    '.icon--s14{width:14px;height:14px}',
    '.icon--s16{width:16px;height:16px}',
    ...rules,
  ].join('\n');
}

/**
 * The note icons, once per page (mounted beside the app in main.tsx): lucide draws each one in
 * a hidden box, and a style sheet takes the drawings as CSS masks. A note's icon is then one
 * empty element of two attributes: a lucide `<svg>` (ten attributes and one to six paths) on
 * every note, or an `<svg><use>` of a sprite, made a review's 30 new threads build 120 SVG
 * elements and lay out their shadow trees (about 40 % of the threads' style and layout time).
 */
export function IconSprite() {
  const box = useRef<HTMLDivElement>(null);
  const [css, setCss] = useState<string | null>(null);
  useLayoutEffect(() => {
    const drawn = [...(box.current?.querySelectorAll('svg[data-icon]') ?? [])];
    setCss(iconStyleSheet(drawn.map((svg) => ({ name: svg.getAttribute('data-icon')!, svg: svg.outerHTML }))));
  }, []);
  if (css !== null) return <style data-testid="icon-sprite">{css}</style>;
  return (
    <div ref={box} hidden aria-hidden="true">
      {Object.entries(SPRITE).map(([name, Draw]) => (
        <Draw key={name} data-icon={name} />
      ))}
    </div>
  );
}

/**
 * One of the note icons (decorative: the control around it carries the label). A function that
 * returns the element, called as `{spriteIcon('reply', 14)}`: as a component it was one more
 * React fiber for each of a note's four icons.
 */
export function spriteIcon(name: SpriteIconName, size: 14 | 16 = 16) {
  return <span className={`icon icon--s${size} icon--${name}`} aria-hidden="true" />;
}
