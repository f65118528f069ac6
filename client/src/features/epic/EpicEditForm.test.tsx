import { beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EPIC_TEXTS, ERRORS, ISSUE_PAGE_TEXTS, TEXTS, type ApiEpic } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { jsonResponse, sequence, stubFetch, type FetchCall, type FetchStub } from '../../test/kit';
import { csrfTokenAtom } from '../session/sessionAtoms';
import { epicAtomFamily, epicKey } from './epicAtoms';
import { epicDraftKey } from './EpicEditForm';
import { epicEvents } from './epicEvents';
import { EpicDetails } from './EpicDetails';

const KEY = epicKey('acme', 3);
const PUT = 'PUT /api/v4/groups/acme/epics/3';
const GET = 'GET /api/v4/groups/acme/epics/3';
/** A PUT answered as the server does: the epic with what was sent. */
const saved = (over: Partial<ApiEpic> = {}) => (c: FetchCall) => ({ ...epic, ...c.body, description_html: `<p>${c.body.description}</p>`, ...over });
const epic = { id: 30, iid: 3, title: 'Roadmap', description: 'old plan', description_html: '<p>old plan</p>', state: 'opened', confidential: false, author: null, references: { full: 'acme&3' }, start_date: null, end_date: null, lock_version: 0 } as unknown as ApiEpic;

/** The epic page's title/description form: shown to editors only, saves with REST PUT, attaches to the group. */
describe('EpicDetails edit form', () => {
  let api: FetchStub;
  beforeEach(() => {
    appStore.set(epicAtomFamily(KEY), epic);
    appStore.set(csrfTokenAtom, 'csrf');
    localStorage.clear();
    api = stubFetch();
  });

  it('is offered only to those who may edit', () => {
    render(<EpicDetails epic={epic} issues={[]} />);
    expect(screen.queryByTestId('epic-edit')).toBeNull();
  });

  it('saves title and description with PUT and shows the saved epic; the description box attaches to the group', async () => {
    api.on({
      'POST /groups/acme/-/uploads': { alt: 'a', url: '/groups/acme/-/uploads/x/a.txt', markdown: '[a.txt](/groups/acme/-/uploads/x/a.txt)' },
      [PUT]: saved(),
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
    expect(api.lastCall(PUT).body).toEqual({ title: 'Roadmap', description: 'new plan [a.txt](/groups/acme/-/uploads/x/a.txt)', lock_version: 0 });
    expect(appStore.get(epicAtomFamily(KEY))?.description).toBe('new plan [a.txt](/groups/acme/-/uploads/x/a.txt)');
  });

  it("keeps the form and shows the server's message when refused", async () => {
    api.on({ [PUT]: jsonResponse({ message: { end_date: ['must be on or after the start date'] } }, { status: 400 }) });
    render(<EpicDetails epic={epic} issues={[]} editing={{ epicKey: KEY, groupPath: 'acme' }} />);
    fireEvent.click(screen.getByTestId('epic-edit'));
    fireEvent.click(screen.getByTestId('epic-save'));
    const alert = await screen.findByTestId('epic-edit-error');
    expect(alert.textContent).toContain('must be on or after the start date');
    expect(alert.textContent).not.toBe(EPIC_TEXTS.updateFailed);
    expect(screen.getByTestId('epic-edit-form')).toBeTruthy();
  });
  describe('concurrent edits (lock_version)', () => {
    const base = 'Intro\n\nMiddle\n\nOutro';
    const open = (e: ApiEpic) => {
      appStore.set(epicAtomFamily(KEY), e);
      render(<EpicDetails epic={e} issues={[]} editing={{ epicKey: KEY, groupPath: 'acme' }} />);
      fireEvent.click(screen.getByTestId('epic-edit'));
      return screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    };
    const puts = () => api.callsTo(PUT).map((c) => c.body as Record<string, unknown>);

    it('on 409 shows the locked warning, merges a non-overlapping edit onto their text, and saves with their lock_version', async () => {
      const theirs = { ...epic, description: 'Intro by them\n\nMiddle\n\nOutro', lock_version: 3 };
      api.on({ [PUT]: sequence(jsonResponse({ message: ERRORS.EPIC_STALE.message }, { status: 409 }), saved({ lock_version: 4 })), [GET]: theirs });
      const box = open({ ...epic, description: base, lock_version: 2 });
      fireEvent.change(box, { target: { value: 'Intro\n\nMiddle\n\nOutro by me' } });
      fireEvent.click(screen.getByTestId('epic-save'));
      const warning = await screen.findByTestId('locked-warning');
      expect(warning.textContent).toContain(TEXTS.lockedWarning('epic'));
      expect(warning.querySelector('a')?.getAttribute('href')).toBe('/groups/acme/-/epics/3');
      expect(await screen.findByTestId('merge-applied')).toBeTruthy();
      expect(box.value).toBe('Intro by them\n\nMiddle\n\nOutro by me');
      expect(api.callsTo(GET)).toHaveLength(1);
      // the edit is still in the autosaved draft, now on top of their version
      expect(JSON.parse(localStorage.getItem(epicDraftKey('acme', 3))!)).toMatchObject({ description: 'Intro by them\n\nMiddle\n\nOutro by me', lock_version: 3 });
      fireEvent.click(screen.getByTestId('epic-save'));
      await waitFor(() => expect(screen.queryByTestId('epic-edit-form')).toBeNull());
      expect(puts()).toEqual([
        { title: 'Roadmap', description: 'Intro\n\nMiddle\n\nOutro by me', lock_version: 2 },
        { title: 'Roadmap', description: 'Intro by them\n\nMiddle\n\nOutro by me', lock_version: 3 },
      ]);
      expect(appStore.get(epicAtomFamily(KEY))).toMatchObject({ description: 'Intro by them\n\nMiddle\n\nOutro by me', lock_version: 4 });
      expect(localStorage.getItem(epicDraftKey('acme', 3))).toBeNull();
    });

    it('shows both versions of overlapping edits; keeping mine saves it with their lock_version', async () => {
      api.on({
        [PUT]: sequence(jsonResponse({ message: ERRORS.EPIC_STALE.message }, { status: 409 }), saved({ lock_version: 6 })),
        [GET]: { ...epic, description: 'Intro\n\nMiddle (theirs)\n\nOutro', lock_version: 5 },
      });
      const box = open({ ...epic, description: base, lock_version: 4 });
      fireEvent.change(box, { target: { value: 'Intro\n\nMiddle (mine)\n\nOutro' } });
      fireEvent.click(screen.getByTestId('epic-save'));
      const conflict = await screen.findByTestId('edit-conflict');
      expect(conflict.textContent).toContain(ISSUE_PAGE_TEXTS.mergeConflict);
      expect(screen.getByTestId('conflict-theirs').textContent).toBe('Middle (theirs)');
      expect(screen.getByTestId('conflict-mine').textContent).toBe('Middle (mine)');
      expect(screen.getByTestId('locked-warning')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: ISSUE_PAGE_TEXTS.keepMine }));
      expect(screen.queryByTestId('edit-conflict')).toBeNull();
      fireEvent.click(screen.getByTestId('epic-save'));
      await waitFor(() => expect(screen.queryByTestId('epic-edit-form')).toBeNull());
      expect(puts()[1]).toEqual({ title: 'Roadmap', description: 'Intro\n\nMiddle (mine)\n\nOutro', lock_version: 5 });
    });

    it("a live epic.updated with someone's new description raises the warning; a state change only moves the version", async () => {
      open({ ...epic, description: base, lock_version: 1 });
      const event = (fields: Record<string, unknown>) =>
        act(() => epicEvents['epic.updated']!({ issue: { project_path: 'groups/acme', iid: 3 }, payload: { fields } } as never, { store: appStore } as never));
      event({ state: 'closed', lock_version: 2, updated_at: '2026-01-01T00:00:00Z' });
      expect(screen.queryByTestId('locked-warning')).toBeNull();
      api.on({ [PUT]: saved({ lock_version: 3 }) });
      fireEvent.click(screen.getByTestId('epic-save'));
      await waitFor(() => expect(puts()).toHaveLength(1));
      expect(puts()[0]!.lock_version).toBe(2);
      cleanup();
      open({ ...epic, description: base, lock_version: 3 });
      event({ description: 'Rewritten by bob', lock_version: 4, updated_at: '2026-01-01T00:00:00Z' });
      expect(await screen.findByTestId('locked-warning')).toBeTruthy();
    });

    it('autosaves the open edit and brings it back when the form is reopened', () => {
      const box = open({ ...epic, description: base, lock_version: 1 });
      fireEvent.change(box, { target: { value: 'Unsaved words' } });
      expect(JSON.parse(localStorage.getItem(epicDraftKey('acme', 3))!)).toEqual({ title: 'Roadmap', description: 'Unsaved words', lock_version: 1, base: { title: 'Roadmap', description: base } });
      cleanup();
      expect((open({ ...epic, description: base, lock_version: 1 })).value).toBe('Unsaved words');
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(localStorage.getItem(epicDraftKey('acme', 3))).toBeNull();
    });

    it('the description preview renders references in the epic\'s group', async () => {
      api.on({ 'POST /api/v4/markdown': jsonResponse({ html: '<p><a href="/groups/acme/-/epics/1">&amp;1</a></p>' }, { status: 201 }) });
      const box = open({ ...epic, lock_version: 0 });
      fireEvent.change(box, { target: { value: 'see &1' } });
      fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
      await waitFor(() => expect(api.callsTo('POST /api/v4/markdown')).toHaveLength(1));
      expect(api.lastCall('POST /api/v4/markdown').body).toEqual({ text: 'see &1', group: 'acme', gfm: true });
    });
  });
});
