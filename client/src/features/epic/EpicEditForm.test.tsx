import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EPIC_TEXTS, type ApiEpic } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { csrfTokenAtom } from '../session/sessionAtoms';
import { epicAtomFamily, epicKey } from './epicAtoms';
import { EpicDetails } from './EpicDetails';

const KEY = epicKey('acme', 3);
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const epic = { id: 30, iid: 3, title: 'Roadmap', description: 'old plan', description_html: '<p>old plan</p>', state: 'opened', confidential: false, author: null, references: { full: 'acme&3' }, start_date: null, end_date: null } as unknown as ApiEpic;

/** The epic page's title/description form: shown to editors only, saves with REST PUT, attaches to the group. */
describe('EpicDetails edit form', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    appStore.set(epicAtomFamily(KEY), epic);
    appStore.set(csrfTokenAtom, 'csrf');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is offered only to those who may edit', () => {
    render(<EpicDetails epic={epic} issues={[]} />);
    expect(screen.queryByTestId('epic-edit')).toBeNull();
  });

  it('saves title and description with PUT and shows the saved epic; the description box attaches to the group', async () => {
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url === '/groups/acme/-/uploads') return Promise.resolve(json(200, { alt: 'a', url: '/groups/acme/-/uploads/x/a.txt', markdown: '[a.txt](/groups/acme/-/uploads/x/a.txt)' }));
      const body = JSON.parse(String(init?.body)) as { title: string; description: string };
      return Promise.resolve(json(200, { ...epic, ...body, description_html: `<p>${body.description}</p>` }));
    });
    render(<EpicDetails epic={epic} issues={[]} editing={{ epicKey: KEY, groupPath: 'acme' }} />);
    fireEvent.click(screen.getByTestId('epic-edit'));
    const box = screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    expect(box.value).toBe('old plan');
    fireEvent.change(box, { target: { value: 'new plan' } });
    box.setSelectionRange(8, 8);
    fireEvent.change(screen.getByTestId('md-attach-input'), { target: { files: [new File(['a'], 'a.txt')] } });
    await waitFor(() => expect(box.value).toBe('new plan [a.txt](/groups/acme/-/uploads/x/a.txt)'));
    fireEvent.click(screen.getByTestId('epic-save'));
    await waitFor(() => expect(screen.queryByTestId('epic-edit-form')).toBeNull());
    const put = fetchMock.mock.calls.find((c) => String(c[0]) === '/api/v4/groups/acme/epics/3')!;
    expect((put[1] as RequestInit).method).toBe('PUT');
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({ title: 'Roadmap', description: 'new plan [a.txt](/groups/acme/-/uploads/x/a.txt)' });
    expect(appStore.get(epicAtomFamily(KEY))?.description).toBe('new plan [a.txt](/groups/acme/-/uploads/x/a.txt)');
  });

  it("keeps the form and shows the server's message when refused", async () => {
    fetchMock.mockResolvedValue(json(400, { message: { end_date: ['must be on or after the start date'] } }));
    render(<EpicDetails epic={epic} issues={[]} editing={{ epicKey: KEY, groupPath: 'acme' }} />);
    fireEvent.click(screen.getByTestId('epic-edit'));
    fireEvent.click(screen.getByTestId('epic-save'));
    const alert = await screen.findByTestId('epic-edit-error');
    expect(alert.textContent).toContain('must be on or after the start date');
    expect(alert.textContent).not.toBe(EPIC_TEXTS.updateFailed);
    expect(screen.getByTestId('epic-edit-form')).toBeTruthy();
  });
});
