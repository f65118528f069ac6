import { describe, expect, it } from 'vitest';
import { detectTrigger, insertReference } from './detectTrigger';

const at = (s: string) => detectTrigger(s.replace('|', ''), s.indexOf('|'));

describe('detectTrigger', () => {
  it('finds each trigger at the start of the text or after whitespace', () => {
    expect(at('@al|')).toEqual({ trigger: '@', kind: 'members', query: 'al', start: 0 });
    expect(at('see #1|2')).toMatchObject({ kind: 'issues', query: '1', start: 4 });
    expect(at('x ~bu|')).toMatchObject({ kind: 'labels', query: 'bu' });
    expect(at('(%v1|')).toMatchObject({ kind: 'milestones', query: 'v1' });
    expect(at('nice :ta|')).toMatchObject({ kind: 'emoji', query: 'ta', start: 5 });
    expect(at('@|')).toMatchObject({ kind: 'members', query: '' });
  });

  it('ignores triggers inside words, after whitespace past them, and bare or clock colons', () => {
    expect(at('mail me at bob@exa|')).toBeNull();
    expect(at('@alice |')).toBeNull();
    expect(at('issue#4|')).toBeNull();
    expect(at('time: |')).toBeNull();
    expect(at('at 12:3|')).toBeNull();
    expect(at('so :|')).toBeNull();
    expect(at('no trigger|')).toBeNull();
  });

  it('a quick action\'s slash opens the command list only at the start of a line', () => {
    expect(at('/clo|')).toEqual({ trigger: '/', kind: 'commands', query: 'clo', start: 0 });
    expect(at('Done.\n/|')).toMatchObject({ kind: 'commands', query: '', start: 6 });
    expect(at('see /clo|')).toBeNull();
    expect(at('path a/b|')).toBeNull();
    expect(at('https://x.org/a|')).toBeNull();
  });

  it('inserts the reference with a space and puts the caret after it', () => {
    const text = 'hi @al and more';
    const m = detectTrigger(text, 6)!;
    expect(insertReference(text, m, 6, '@alice')).toEqual({ text: 'hi @alice  and more'.replace('  ', ' '), caret: 10 });
  });
});
