import { describe, expect, it } from 'vitest';
import { safeRedirect, signInPath } from '@tandem/shared-types';

/** The one redirect rule (shared-types redirect.ts) as the browser's URL parser sees the targets. */
describe('safeRedirect', () => {
  const origin = 'http://tandem.test:3000';

  it.each([
    ['/\t/evil.example/x'],
    ['/\n/evil.example/x'],
    ['/\r/evil.example/x'],
    ['//evil.example/x'],
    ['/\\evil.example/x'],
    ['\\\\evil.example'],
    ['https://evil.example/x'],
    ['http://tandem.test:3001/x'],
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    [''],
    [null],
  ])('%j leaves the origin or is empty: the dashboard instead', (raw) => {
    expect(safeRedirect(raw, origin)).toBe('/');
  });

  it('keeps same-origin paths with their query and hash, and never answers a path that starts with //', () => {
    expect(safeRedirect('/acme/tandem/-/issues/1?x=1#note_2', origin)).toBe('/acme/tandem/-/issues/1?x=1#note_2');
    expect(safeRedirect(`${origin}/dashboard/todos`, origin)).toBe('/dashboard/todos');
    expect(safeRedirect('/.//evil.example/x', origin)).toBe('/evil.example/x');
  });

  it('follows the targets the way the browser does (what the page then assigns stays here)', () => {
    for (const raw of ['/\t/evil.example/x', '/acme/tandem', '/.//evil.example/x']) {
      expect(new URL(safeRedirect(raw, origin), origin).origin).toBe(origin);
    }
  });

  it('signInPath sets the parameter the sign-in page reads', () => {
    expect(signInPath('/acme/tandem/-/issues/1')).toBe('/users/sign_in?redirect=%2Facme%2Ftandem%2F-%2Fissues%2F1');
    expect(signInPath('/')).toBe('/users/sign_in');
    expect(signInPath('/users/sign_in?redirect=/x')).toBe('/users/sign_in');
  });
});
