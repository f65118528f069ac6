import { describe, expect, it } from 'vitest';
import { MarkdownService, PLAIN_INLINE } from '../markdown.service';

/**
 * The title fast path (renderInline returns plain text as it is) must give exactly what the
 * markdown pipeline gives: checked on hand-picked and generated titles, references included.
 */
const md = new MarkdownService();
const ctx = { projectPath: 'acme/tandem', labelExists: () => true };


/** What the pipeline renders, bypassing the fast path. */
const pipeline = (text: string) => (md as unknown as { md: { renderInline(t: string, env: object): string } }).md.renderInline(text, { ...ctx });

const ALPHABET = ['a', 'Z', 'é', 'ß', '7', '0', ' ', ' ', ',', '.', '?', "'", '-', 'ü', 'q'];
function generated(n: number, seed = 7): string[] {
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  return Array.from({ length: n }, () => Array.from({ length: 1 + Math.floor(rnd() * 24) }, () => ALPHABET[Math.floor(rnd() * ALPHABET.length)]).join(''));
}

describe('renderInline fast path', () => {
  it.each(['Fix the login', 'load 3-17', "Don't crash, please?", 'Version 2.5 release', 'Überprüfung der Daten'])('renders %j as the pipeline does, without it', (title) => {
    expect(PLAIN_INLINE.test(title)).toBe(true);
    expect(md.renderInline(title, ctx)).toBe(pipeline(title));
  });

  it.each(['see #12', '@bob please', '~bug here', '*bold*', 'a -- b', 'x <b>', 'http://x', ':smile:', '%1.0', 'a & b'])('leaves %j to the pipeline', (title) => {
    expect(PLAIN_INLINE.test(title)).toBe(false);
  });

  it.each(['www.example.com', '1. first', 'end.', 'ends with space '])('takes %j only because the pipeline renders it as it is', (title) => {
    expect(PLAIN_INLINE.test(title)).toBe(true);
    expect(md.renderInline(title, ctx)).toBe(pipeline(title));
  });

  it('agrees with the pipeline on 3,000 generated titles the fast path takes', () => {
    const plain = generated(3000).filter((t) => PLAIN_INLINE.test(t));
    expect(plain.length).toBeGreaterThan(500);
    for (const t of plain) expect(md.renderInline(t, ctx), JSON.stringify(t)).toBe(pipeline(t));
  });
});
