import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ABUSE_TEXTS, ISSUE_PAGE_TEXTS, STATUS_PAGE_TEXTS, type AnyRealtimeEvent, type IssuePermissions } from '@tandem/shared-types';
import { QueryClient } from '@tanstack/react-query';
import { EventRegistry } from '../../realtime/eventRegistry';
import { statusPageEvents } from '../status-page/statusPageEvents';
import { publishedIncidentUrlAtomFamily } from '../status-page/statusPageAtoms';
import { appStore } from '../../shared/store';
import { renderWithStores } from '../../test/kit';
import { IssueHeader } from './IssueHeader';
import { applyIssueFields, issueAtomFamily } from './issueAtoms';
import { makeIssue } from './testIssue';
import { testPermissions } from './testPermissions';

const KEY = 'g/p#1';
const perms = (over: Partial<IssuePermissions> = {}): IssuePermissions => testPermissions({ canAdmin: false, canCreateInternalNote: false, ...over });

function renderHeader(p: IssuePermissions) {
  renderWithStores(<IssueHeader issueKey={KEY} endpoint="/g/p/-/issues/1" permissions={p} stateBusy={false} sidebarOpen={false} onToggleState={vi.fn()} onToggleSidebar={vi.fn()} onCopyReference={vi.fn()} />);
}
const openMenu = () => {
  const trigger = screen.getByRole('button', { name: 'Issue actions' });
  fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
};

describe('IssueHeader actions', () => {
  beforeEach(() => appStore.set(issueAtomFamily(KEY), makeIssue({ references: { short: '#1', relative: '#1', full: 'g/p#1' } })));
  afterEach(() => {
    issueAtomFamily.remove(KEY);
    publishedIncidentUrlAtomFamily.remove(KEY);
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

  it('pins the published incident link next to the Zoom link, live from issue.status_page, and drops it on unpublish', () => {
    const registry = new EventRegistry({ store: appStore, queryClient: new QueryClient() });
    registry.registerAll(statusPageEvents);
    const ev = (url: string | null) =>
      ({ type: 'issue.status_page', seq: 5, issue: { id: 100, iid: 1, project_path: 'g/p' }, payload: { published_incident_url: url }, actor: null, at: '' }) as AnyRealtimeEvent;
    act(() => appStore.set(issueAtomFamily(KEY), (i) => ({ ...i!, zoom_meeting_url: 'https://acme.zoom.us/j/42' })));
    renderHeader(perms());
    expect(screen.queryByTestId('pinned-status-page-link')).toBeNull();
    act(() => registry.dispatch(ev('http://t.example/-/status_page/g/p/#/data/incident/1')));
    const link = screen.getByRole('link', { name: STATUS_PAGE_TEXTS.publishedLink });
    expect(link.getAttribute('href')).toBe('http://t.example/-/status_page/g/p/#/data/incident/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: ISSUE_PAGE_TEXTS.zoomLink })).toBeTruthy();
    act(() => registry.dispatch(ev('javascript:alert(1)')));
    expect(screen.queryByTestId('pinned-status-page-link')).toBeNull();
    act(() => registry.dispatch(ev(null)));
    expect(screen.queryByTestId('pinned-status-page-link')).toBeNull();
  });
});
