import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { IconSprite, iconStyleSheet, spriteIcon } from './Icon';

describe('note icons', () => {
  it('the sprite becomes one style sheet: a mask for each lucide drawing, painted in the text colour', () => {
    const { container } = render(<IconSprite />);
    const style = container.querySelector('style[data-testid="icon-sprite"]');
    expect(style).toBeTruthy();
    const css = style!.textContent ?? '';
    expect(css).toContain('background-color:currentColor');
    for (const name of ['flag', 'pencil', 'reply', 'trash', 'user-minus', 'user-plus', 'smile-plus', 'check-circle', 'circle-dot']) {
      const rule = new RegExp(`\\.icon--${name}\\{--icon:url\\("data:image/svg\\+xml,([^"]+)"\\)\\}`).exec(css);
      expect(rule, name).toBeTruthy();
      // the drawing itself: a standalone SVG with lucide's paths
      const svg = decodeURIComponent(rule![1]!);
      expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toMatch(/<(path|circle|line|polyline)\b/);
    }
    // the hidden drawings are gone once the sheet is built
    expect(container.querySelector('svg')).toBeNull();
  });

  it('an icon is one empty element hidden from assistive technology, sized by class', () => {
    const { container } = render(<button aria-label="Reply to comment">{spriteIcon('reply', 14)}</button>);
    const icon = container.querySelector('button > span')!;
    expect(icon.className).toBe('icon icon--s14 icon--reply');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.childNodes).toHaveLength(0);
    expect(iconStyleSheet([{ name: 'x', svg: '<svg>"</svg>' }])).toContain('.icon--x{--icon:url("data:image/svg+xml,%3Csvg%3E%22%3C%2Fsvg%3E")}');
  });
});
