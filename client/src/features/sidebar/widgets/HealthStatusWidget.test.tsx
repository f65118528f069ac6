import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TAXONOMY_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { jsonResponse, renderWithStores, stubFetch } from '../../../test/kit';
import { applyIssueFields, issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { DueDateWidget } from './DueDateWidget';
import { HealthStatusWidget } from './HealthStatusWidget';
import { SeverityWidget } from './SeverityWidget';

const KEY = 'g/p#1';
const ENDPOINT = '/g/p/-/issues/1';
const SAVE = `PUT ${ENDPOINT}.json`;

function renderAll(editable = true) {
  renderWithStores(
    <>
      <DueDateWidget issueKey={KEY} endpoint={ENDPOINT} projectPath="g/p" editable={editable} />
      <HealthStatusWidget issueKey={KEY} endpoint={ENDPOINT} projectPath="g/p" editable={editable} />
      <SeverityWidget issueKey={KEY} endpoint={ENDPOINT} projectPath="g/p" editable={editable} />
    </>,
  );
}

describe('taxonomy widgets', () => {
  beforeEach(() => appStore.set(issueAtomFamily(KEY), makeIssue({ health_status: null, lock_version: 2 })));
  afterEach(() => issueAtomFamily.remove(KEY));

  it('saves a health status and shows the answer; a live event changes it too', async () => {
    const api = stubFetch({ [SAVE]: makeIssue({ health_status: 'at_risk', lock_version: 3 }) });
    renderAll();
    fireEvent.change(screen.getByRole('combobox', { name: 'Health status' }), { target: { value: 'at_risk' } });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Health status' }) as HTMLSelectElement).value).toBe('at_risk'));
    expect(api.lastCall(SAVE).body).toEqual({ health_status: 'at_risk' });
    act(() => appStore.set(issueAtomFamily(KEY), applyIssueFields(appStore.get(issueAtomFamily(KEY))!, { health_status: 'on_track', lock_version: 4, updated_at: '' })));
    expect((screen.getByRole('combobox', { name: 'Health status' }) as HTMLSelectElement).value).toBe('on_track');
  });

  it('shows the spec message when the save fails', async () => {
    stubFetch({ [SAVE]: jsonResponse({}, { status: 500 }) });
    renderAll();
    fireEvent.change(screen.getByRole('combobox', { name: 'Health status' }), { target: { value: 'on_track' } });
    expect(await screen.findByText(TAXONOMY_TEXTS.healthFailed)).toBeTruthy();
  });

  it('is read-only on a closed issue and without the right', () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ state: 'closed', health_status: 'needs_attention' }));
    renderAll();
    expect(screen.queryByRole('combobox', { name: 'Health status' })).toBeNull();
    expect(screen.getByTestId('health-status-value').textContent).toBe('Needs attention');
    expect(screen.getByText(TAXONOMY_TEXTS.healthClosedHint)).toBeTruthy();
  });

  it('shows severity only for incidents', () => {
    renderAll();
    expect(screen.queryByTestId('sidebar-severity')).toBeNull();
    cleanup();
    appStore.set(issueAtomFamily(KEY), makeIssue({ issue_type: 'incident', type: 'INCIDENT', severity: 'HIGH' }));
    renderAll(false);
    expect(screen.getByTestId('severity-value').textContent).toBe('High - S2');
  });

  it('shows the due date as Tomorrow and a past due date in red', () => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    const ymd = (x: Date) => `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
    appStore.set(issueAtomFamily(KEY), makeIssue({ due_date: ymd(d) }));
    renderAll();
    expect(screen.getByTestId('due-date-value').textContent).toBe('Tomorrow');
    act(() => appStore.set(issueAtomFamily(KEY), makeIssue({ due_date: '2001-02-03' })));
    expect(screen.getByTestId('due-date-value').textContent).toBe('3 Feb, 2001 (Past due)');
    expect(screen.getByTestId('due-date-value').className).toBe('text-danger');
  });
});
