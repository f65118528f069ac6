import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TEXTS } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { applyIssueFields, issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { WeightWidget } from './WeightWidget';

const KEY = 'g/p#1';
const ENDPOINT = '/g/p/-/issues/1';

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderWidget(editable = true) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Provider store={appStore}>
        <WeightWidget issueKey={KEY} endpoint={ENDPOINT} projectPath="g/p" editable={editable} />
      </Provider>
    </QueryClientProvider>,
  );
}

const block = () => screen.getByTestId('sidebar-weight');

describe('WeightWidget', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ weight: 3, lock_version: 2 }));
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    issueAtomFamily.remove(KEY);
  });

  it('shows the weight, or None; no Edit for those who may not update the issue', () => {
    renderWidget(false);
    expect(block().textContent).toContain('3');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    act(() => appStore.set(issueAtomFamily(KEY), makeIssue({ weight: null })));
    expect(block().textContent).toContain('None');
  });

  it('saves a changed weight on Enter and shows the answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, makeIssue({ weight: 5, lock_version: 3 })));
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: 'Weight' });
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('weight-value').textContent).toBe('5'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${ENDPOINT}.json`);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body)).toEqual({ weight: 5 });
  });

  it('sends nothing when the weight did not change (Enter or blur)', async () => {
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: 'Weight' });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Weight' })).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('removes the weight when emptied', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, makeIssue({ weight: null, lock_version: 3 })));
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: 'Weight' });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    await waitFor(() => expect(block().textContent).toContain('None'));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ weight: '' });
  });

  it("refuses anything but numerals with the spec's text, sending nothing", () => {
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: 'Weight' });
    fireEvent.change(input, { target: { value: '-2' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(TEXTS.weightNumeralsOnly);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says so when the server refuses, keeping the editor open", async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { message: '403 Forbidden' }));
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
