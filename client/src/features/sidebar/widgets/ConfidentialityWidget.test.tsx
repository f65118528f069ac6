import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { CONFIDENTIALITY_TEXTS, DISCUSSION_TEXTS, LOCK_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { applyIssueFields, issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { ConfidentialityWidget } from './ConfidentialityWidget';
import { LockWidget } from './LockWidget';

const KEY = 'g/p#1';
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderWidgets(editable = true) {
  render(
    <Provider store={appStore}>
      <ConfidentialityWidget issueKey={KEY} projectPath="g/p" iid={1} editable={editable} />
      <LockWidget issueKey={KEY} projectPath="g/p" iid={1} editable={editable} />
    </Provider>,
  );
}

describe('ConfidentialityWidget and LockWidget', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ confidential: false, discussion_locked: false }));
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    issueAtomFamily.remove(KEY);
  });

  it('shows the status without Edit for who may not change it, and follows live changes', () => {
    renderWidgets(false);
    expect(screen.getByTestId('confidentiality-status').textContent).toBe(CONFIDENTIALITY_TEXTS.off);
    expect(screen.getByTestId('lock-status').textContent).toBe(LOCK_TEXTS.unlocked);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    act(() => appStore.set(issueAtomFamily(KEY), (i) => applyIssueFields(i!, { confidential: true, discussion_locked: true, lock_version: 2, updated_at: '' })));
    expect(screen.getByTestId('confidentiality-status').textContent).toContain(CONFIDENTIALITY_TEXTS.on('issue'));
    expect(screen.getByTestId('lock-status').textContent).toContain(LOCK_TEXTS.locked);
  });

  it('turns confidentiality on after the warning, showing Applying while busy', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    renderWidgets();
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    expect(screen.getByTestId('confidentiality-form').textContent).toContain(CONFIDENTIALITY_TEXTS.warnTurnOn('issue'));
    fireEvent.click(screen.getByRole('button', { name: CONFIDENTIALITY_TEXTS.turnOn }));
    expect(screen.getByRole('button', { name: DISCUSSION_TEXTS.applying })).toBeTruthy();
    const body = JSON.parse(fetchMock.mock.calls[0]![1].body);
    expect(body.variables.input).toEqual({ projectPath: 'g/p', iid: '1', confidential: true });
    expect(body.query).toContain('issueSetConfidential');
    await act(async () => answer(json({ data: { issueSetConfidential: { issue: { id: 'gid://gitlab/Issue/100', confidential: true }, errors: [] } } })));
    await waitFor(() => expect(screen.queryByTestId('confidentiality-form')).toBeNull());
    expect(screen.getByTestId('confidentiality-status').textContent).toContain(CONFIDENTIALITY_TEXTS.on('issue'));
  });

  it('shows the first mutation error as is, or the spec text, keeping the form open', async () => {
    fetchMock.mockResolvedValueOnce(json({ data: { issueSetConfidential: { issue: null, errors: ['Nope, not today', 'second'] } } }));
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    renderWidgets();
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: CONFIDENTIALITY_TEXTS.turnOn }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nope, not today');
    fireEvent.click(screen.getByRole('button', { name: CONFIDENTIALITY_TEXTS.turnOn }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DISCUSSION_TEXTS.confidentialityFailed('issue')));
    expect(screen.getByTestId('confidentiality-status').textContent).toBe(CONFIDENTIALITY_TEXTS.off);
  });

  it("locks after saying what it means (issueSetLocked)", async () => {
    fetchMock.mockResolvedValue(json({ data: { issueSetLocked: { issue: { id: 'x', discussionLocked: true }, errors: [] } } }));
    renderWidgets();
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[1]!);
    expect(screen.getByTestId('lock-form').textContent).toContain(DISCUSSION_TEXTS.lockLockedSays);
    fireEvent.click(screen.getByRole('button', { name: LOCK_TEXTS.lock }));
    await waitFor(() => expect(screen.getByTestId('lock-status').textContent).toContain(LOCK_TEXTS.locked));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body).variables.input).toEqual({ projectPath: 'g/p', iid: '1', locked: true });
    expect(appStore.get(issueAtomFamily(KEY))!.discussion_locked).toBe(true);
  });
});
