import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { CONFIDENTIALITY_TEXTS, DISCUSSION_TEXTS, LOCK_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { deferred, graphql, renderWithStores, sequence, stubFetch } from '../../../test/kit';
import { applyIssueFields, issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { ConfidentialityWidget } from './ConfidentialityWidget';
import { LockWidget } from './LockWidget';

const KEY = 'g/p#1';
const GRAPHQL = 'POST /api/graphql';

function renderWidgets(editable = true) {
  renderWithStores(
    <>
      <ConfidentialityWidget issueKey={KEY} projectPath="g/p" iid={1} editable={editable} />
      <LockWidget issueKey={KEY} projectPath="g/p" iid={1} editable={editable} />
    </>,
  );
}

describe('ConfidentialityWidget and LockWidget', () => {
  beforeEach(() => appStore.set(issueAtomFamily(KEY), makeIssue({ confidential: false, discussion_locked: false })));
  afterEach(() => issueAtomFamily.remove(KEY));

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
    const answer = deferred();
    const api = stubFetch({ [GRAPHQL]: graphql({ issueSetConfidential: answer.handler }) });
    renderWidgets();
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    expect(screen.getByTestId('confidentiality-form').textContent).toContain(CONFIDENTIALITY_TEXTS.warnTurnOn('issue'));
    fireEvent.click(screen.getByRole('button', { name: CONFIDENTIALITY_TEXTS.turnOn }));
    expect(screen.getByRole('button', { name: DISCUSSION_TEXTS.applying })).toBeTruthy();
    expect(api.lastCall(GRAPHQL).body.variables.input).toEqual({ projectPath: 'g/p', iid: '1', confidential: true });
    await act(async () => answer.release({ data: { issueSetConfidential: { issue: { id: 'gid://gitlab/Issue/100', confidential: true }, errors: [] } } }));
    await waitFor(() => expect(screen.queryByTestId('confidentiality-form')).toBeNull());
    expect(screen.getByTestId('confidentiality-status').textContent).toContain(CONFIDENTIALITY_TEXTS.on('issue'));
  });

  it('shows the first mutation error as is, or the spec text, keeping the form open', async () => {
    stubFetch({ [GRAPHQL]: graphql({ issueSetConfidential: sequence({ data: { issueSetConfidential: { issue: null, errors: ['Nope, not today', 'second'] } } }, new Response('', { status: 500 })) }) });
    renderWidgets();
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: CONFIDENTIALITY_TEXTS.turnOn }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nope, not today');
    fireEvent.click(screen.getByRole('button', { name: CONFIDENTIALITY_TEXTS.turnOn }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DISCUSSION_TEXTS.confidentialityFailed('issue')));
    expect(screen.getByTestId('confidentiality-status').textContent).toBe(CONFIDENTIALITY_TEXTS.off);
  });

  it("locks after saying what it means (issueSetLocked)", async () => {
    const api = stubFetch({ [GRAPHQL]: graphql({ issueSetLocked: { data: { issueSetLocked: { issue: { id: 'x', discussionLocked: true }, errors: [] } } } }) });
    renderWidgets();
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[1]!);
    expect(screen.getByTestId('lock-form').textContent).toContain(DISCUSSION_TEXTS.lockLockedSays);
    fireEvent.click(screen.getByRole('button', { name: LOCK_TEXTS.lock }));
    await waitFor(() => expect(screen.getByTestId('lock-status').textContent).toContain(LOCK_TEXTS.locked));
    expect(api.lastCall(GRAPHQL).body.variables.input).toEqual({ projectPath: 'g/p', iid: '1', locked: true });
    expect(appStore.get(issueAtomFamily(KEY))!.discussion_locked).toBe(true);
  });
});
