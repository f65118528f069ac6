import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { BulkUpdateForm } from './BulkUpdateForm';

const PROJECT = '/api/v4/projects/g%2Fp';
const BULK = `PUT ${PROJECT}/issues/bulk_update`;

describe('BulkUpdateForm', () => {
  let api: FetchStub;
  beforeEach(() => {
    api = stubFetch({
      [`GET ${PROJECT}/labels`]: [{ id: 7, name: 'bug' }],
      [`GET ${PROJECT}/members/all`]: [{ id: 2, name: 'Bob Brown', username: 'bob' }],
      [`GET ${PROJECT}/milestones?state=active&include_parent_milestones=true`]: [{ id: 31, title: 'Sprint 4' }],
      'GET /api/v4/groups/g/iterations': [{ id: 41, title: 'Sprint 2', start_date: '2030-01-01', due_date: '2030-01-14' }],
      'GET /api/v4/groups/g/epics': [{ id: 51, iid: 3, title: 'Realtime' }],
      [BULK]: { count: 2 },
    });
  });

  const renderForm = (onDone = vi.fn()) => {
    renderWithStores(<BulkUpdateForm projectPath="g/p" selectedIds={[11, 12]} onDone={onDone} />);
    return onDone;
  };
  const submit = () => screen.getByRole('button', { name: PEOPLE_TEXTS.bulkUpdate }) as HTMLButtonElement;

  it('sends GitLab\'s bulk shape for the checked issues once something is chosen', async () => {
    const onDone = renderForm();
    expect(submit().disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'close' } });
    expect(await screen.findAllByRole('option', { name: 'bug' }, { timeout: 10_000 })).toHaveLength(2);
    fireEvent.change(screen.getByRole('combobox', { name: 'Add label' }), { target: { value: '7' } });
    await screen.findByRole('option', { name: 'Bob Brown (@bob)' }, { timeout: 10_000 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Assignee' }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('combobox', { name: PEOPLE_TEXTS.notifications }), { target: { value: 'subscribe' } });
    await screen.findByRole('option', { name: 'Sprint 4' }, { timeout: 10_000 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Milestone' }), { target: { value: '31' } });
    fireEvent.click(submit());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.lastCall(BULK).body).toEqual({ issuable_ids: [11, 12], state_event: 'close', assignee_ids: [2], add_label_ids: [7], subscription_event: 'subscribe', milestone_id: 31 });
  }, 20_000);

  it('sets health status, epic and iteration, or removes them', async () => {
    const onDone = renderForm();
    fireEvent.change(screen.getByRole('combobox', { name: 'Health status' }), { target: { value: 'at_risk' } });
    await screen.findByRole('option', { name: '&3 Realtime' }, { timeout: 10_000 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Epic' }), { target: { value: '51' } });
    await screen.findByRole('option', { name: 'Sprint 2' }, { timeout: 10_000 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Iteration' }), { target: { value: 'none' } });
    fireEvent.click(submit());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.lastCall(BULK).body).toEqual({ issuable_ids: [11, 12], health_status: 'at_risk', epic_id: 51, iteration_id: null });
  }, 20_000);

  it('removes the milestone with "No milestone" (milestone_id 0)', async () => {
    const onDone = renderForm();
    fireEvent.change(screen.getByRole('combobox', { name: 'Milestone' }), { target: { value: '0' } });
    expect((screen.getByRole('combobox', { name: 'Milestone' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('No milestone');
    fireEvent.click(submit());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.lastCall(BULK).body).toEqual({ issuable_ids: [11, 12], milestone_id: 0 });
  }, 20_000);

  it('says "Issue update failed" and enables the button again', async () => {
    api.on({ [BULK]: jsonResponse({ message: 'no' }, { status: 400 }) });
    const onDone = renderForm();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'reopen' } });
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PEOPLE_TEXTS.bulkUpdateFailed));
    expect(submit().disabled).toBe(false);
    expect(onDone).not.toHaveBeenCalled();
  }, 20_000);
});
