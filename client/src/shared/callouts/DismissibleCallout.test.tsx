import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DismissibleCallout } from './DismissibleCallout';
import { calloutCookieName, isCalloutDismissed } from './calloutDismissal';

/** What the page wrote to document.cookie (attributes included, which reading it never shows). */
let written: string[] = [];
const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

const callout = (props: { projectPath?: string; sessionOnly?: boolean } = {}) => (
  <DismissibleCallout id="demo_tip" variant="info" testId="callout" {...props}>
    A tip
  </DismissibleCallout>
);

describe('DismissibleCallout', () => {
  beforeEach(() => {
    written = [];
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie.get!.call(document),
      set: (v: string) => {
        written.push(v);
        cookie.set!.call(document, v);
      },
    });
  });
  afterEach(() => {
    cleanup();
    for (const path of ['/', '/acme/tandem']) cookie.set!.call(document, `${calloutCookieName('demo_tip')}=; max-age=0; path=${path}`);
    // the instance property shadowed the prototype's
    Reflect.deleteProperty(document, 'cookie');
    window.history.replaceState({}, '', '/');
  });

  it('closing it keeps it closed for 365 days: a reload does not bring it back', () => {
    render(callout());
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('callout')).toBeNull();
    expect(written).toEqual([`callout_demo_tip_dismissed=true; max-age=${365 * 24 * 60 * 60}; path=/; samesite=lax`]);
    cleanup();
    // a reload: a new render reads the cookie
    render(callout());
    expect(screen.queryByTestId('callout')).toBeNull();
  });

  it('session-only: a cookie without an expiry', () => {
    render(callout({ sessionOnly: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(written).toEqual(['callout_demo_tip_dismissed=true; path=/; samesite=lax']);
    expect(isCalloutDismissed('demo_tip')).toBe(true);
  });

  it("per project: dismissed under that project's path only", () => {
    window.history.replaceState({}, '', '/acme/tandem/-/issues/1');
    render(callout({ projectPath: 'acme/tandem' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(written[0]).toContain('; path=/acme/tandem;');
    cleanup();
    render(callout({ projectPath: 'acme/tandem' }));
    expect(screen.queryByTestId('callout')).toBeNull();
    cleanup();
    // another project's page does not see that cookie
    window.history.replaceState({}, '', '/acme/other/-/issues/1');
    render(callout({ projectPath: 'acme/other' }));
    expect(screen.getByTestId('callout').textContent).toContain('A tip');
  });
});
