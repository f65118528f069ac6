import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { ABUSE_TEXTS, ISSUE_PAGE_TEXTS, type IssuePermissions } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { IssueHeader } from './IssueHeader';
import { applyIssueFields, issueAtomFamily } from './issueAtoms';
import { makeIssue } from './testIssue';
import { testPermissions } from './testPermissions';

const KEY = 'g/p#1';
const perms = (over: Partial<IssuePermissions> = {}): IssuePermissions => testPermissions({ canAdmin: false, canCreateInternalNote: false, ...over });

function renderHeader(p: IssuePermissions) {
  render(
    <Provider store={appStore}>
      <IssueHeader issueKey={KEY} endpoint="/g/p/-/issues/1" permissions={p} stateBusy={false} sidebarOpen={false} onToggleState={vi.fn()} onToggleSidebar={vi.fn()} onCopyReference={vi.fn()} />
    </Provider>,
  );
}
const openMenu = () => {
  const trigger = screen.getByRole('button', { name: 'Issue actions' });
  fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
};

describe('IssueHeader actions', () => {
  beforeEach(() => appStore.set(issueAtomFamily(KEY), makeIssue({ references: { short: '#1', relative: '#1', full: 'g/p#1' } })));
  afterEach(() => {
    cleanup();
    issueAtomFamily.remove(KEY);
  });

  it('offers New issue, Report abuse and Submit as spam only with their flags', async () => {
    renderHeader(perms({ canReportAbuse: true, canReportSpam: true }));
    openMenu();
    expect(await screen.findByRole('menuitem', { name: 'New issue' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: ABUSE_TEXTS.reportAbuse })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: ABUSE_TEXTS.submitSpam })).toBeTruthy();
    cleanup();
    renderHeader(perms({ canCreateIssue: false }));
    openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Copy reference' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'New issue' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: ABUSE_TEXTS.reportAbuse })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: ABUSE_TEXTS.submitSpam })).toBeNull();
  });

  it('Submit as spam asks first', async () => {
    renderHeader(perms({ canReportSpam: true }));
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: ABUSE_TEXTS.submitSpam }));
    expect((await screen.findByRole('dialog')).textContent).toContain(ABUSE_TEXTS.spamConfirm);
  });

  it('pins the Zoom link live, and never a link that is not zoom.us', () => {
    renderHeader(perms());
    expect(screen.queryByTestId('pinned-zoom-link')).toBeNull();
    act(() => appStore.set(issueAtomFamily(KEY), (i) => applyIssueFields(i!, { lock_version: 2, updated_at: 'x', zoom_meeting_url: 'https://acme.zoom.us/j/42' })));
    const link = screen.getByRole('link', { name: ISSUE_PAGE_TEXTS.zoomLink });
    expect(link.getAttribute('href')).toBe('https://acme.zoom.us/j/42');
    expect(link.getAttribute('rel')).toContain('noopener');
    act(() => appStore.set(issueAtomFamily(KEY), (i) => ({ ...i!, zoom_meeting_url: 'javascript:alert(1)' })));
    expect(screen.queryByTestId('pinned-zoom-link')).toBeNull();
  });
});
