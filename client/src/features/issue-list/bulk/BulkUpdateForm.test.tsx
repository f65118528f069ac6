import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { BulkUpdateForm } from './BulkUpdateForm';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('BulkUpdateForm', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let bulk: () => Response;
  beforeEach(() => {
    bulk = () => json({ count: 2 });
    fetchMock = vi.fn(async (url: string) => {
      if (url.includes('/labels')) return json([{ id: 7, name: 'bug' }]);
      if (url.includes('/members/all')) return json([{ id: 2, name: 'Bob Brown', username: 'bob' }]);
      if (url.includes('/milestones')) {
        expect(url).toContain('state=active');
        expect(url).toContain('include_parent_milestones=true');
        return json([{ id: 31, title: 'Sprint 4' }]);
      }
      return bulk();
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderForm = (onDone = vi.fn()) => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <BulkUpdateForm projectPath="g/p" selectedIds={[11, 12]} onDone={onDone} />
      </QueryClientProvider>,
    );
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
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('bulk_update'))!;
    expect(url).toBe('/api/v4/projects/g%2Fp/issues/bulk_update');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body)).toEqual({ issuable_ids: [11, 12], state_event: 'close', assignee_ids: [2], add_label_ids: [7], subscription_event: 'subscribe', milestone_id: 31 });
  }, 20_000);

  it('removes the milestone with "No milestone" (milestone_id 0)', async () => {
    const onDone = renderForm();
    fireEvent.change(screen.getByRole('combobox', { name: 'Milestone' }), { target: { value: '0' } });
    expect((screen.getByRole('combobox', { name: 'Milestone' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('No milestone');
    fireEvent.click(submit());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('bulk_update'))!;
    expect(JSON.parse(init.body)).toEqual({ issuable_ids: [11, 12], milestone_id: 0 });
  }, 20_000);

  it('says "Issue update failed" and enables the button again', async () => {
    bulk = () => json({ message: 'no' }, 400);
    const onDone = renderForm();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'reopen' } });
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PEOPLE_TEXTS.bulkUpdateFailed));
    expect(submit().disabled).toBe(false);
    expect(onDone).not.toHaveBeenCalled();
  }, 20_000);
});
