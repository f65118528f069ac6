import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { TEXTS } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { applyIssueFields, issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { WeightWidget } from './WeightWidget';

const KEY = 'g/p#1';
const ENDPOINT = '/g/p/-/issues/1';
const SAVE = `PUT ${ENDPOINT}.json`;

const renderWidget = (editable = true) => renderWithStores(<WeightWidget issueKey={KEY} endpoint={ENDPOINT} projectPath="g/p" editable={editable} />);

const block = () => screen.getByTestId('sidebar-weight');

describe('WeightWidget', () => {
  let api: FetchStub;

  beforeEach(() => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ weight: 3, lock_version: 2 }));
    api = stubFetch();
  });
  afterEach(() => issueAtomFamily.remove(KEY));

  it('shows the weight, or None; no Edit for those who may not update the issue', () => {
    renderWidget(false);
    expect(block().textContent).toContain('3');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    act(() => appStore.set(issueAtomFamily(KEY), makeIssue({ weight: null })));
    expect(block().textContent).toContain('None');
  });

  it('saves a changed weight on Enter and shows the answer', async () => {
    api.on({ [SAVE]: makeIssue({ weight: 5, lock_version: 3 }) });
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: 'Weight' });
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('weight-value').textContent).toBe('5'));
    expect(api.lastCall(SAVE).body).toEqual({ weight: 5 });
  });

  it('sends nothing when the weight did not change (Enter or blur)', async () => {
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: 'Weight' });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Weight' })).toBeNull());
    expect(api.calls).toHaveLength(0);
  });

  it('removes the weight when emptied', async () => {
    api.on({ [SAVE]: makeIssue({ weight: null, lock_version: 3 }) });
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: 'Weight' });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    await waitFor(() => expect(block().textContent).toContain('None'));
    expect(api.lastCall(SAVE).body).toEqual({ weight: '' });
  });

  it("refuses anything but numerals with the spec's text, sending nothing", () => {
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: 'Weight' });
    fireEvent.change(input, { target: { value: '-2' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(TEXTS.weightNumeralsOnly);
    expect(api.calls).toHaveLength(0);
  });

  it("says so when the server refuses, keeping the editor open", async () => {
    api.on({ [SAVE]: jsonResponse({ message: '403 Forbidden' }, { status: 403 }) });
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: 'Weight' });
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TEXTS.weightUpdateFailed));
    expect(screen.getByRole('textbox', { name: 'Weight' })).toBeTruthy();
  });

  it("shows another user's change as it arrives (issue.updated applied to the issue)", () => {
    renderWidget();
    act(() => appStore.set(issueAtomFamily(KEY), (i) => applyIssueFields(i!, { weight: 8, lock_version: 3, updated_at: '2026-11-24T00:00:00Z' })));
    expect(screen.getByTestId('weight-value').textContent).toBe('8');
  });
});
