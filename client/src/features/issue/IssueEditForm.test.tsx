import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ISSUE_PAGE_TEXTS, LIMITS, TEMPLATE_TEXTS, TEXTS, VALIDATION } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { deferred, jsonResponse, renderWithStores, sequence, stubFetch, type FetchStub } from '../../test/kit';
import { csrfTokenAtom, currentUserAtom } from '../session/sessionAtoms';
import { IssueEditForm } from './IssueEditForm';
import { issueAtomFamily } from './issueAtoms';
import { issueDraftKey } from './issueDraft';
import { makeIssue } from './testIssue';

const KEY = 'g/p#1';
const ENDPOINT = '/g/p/-/issues/1';

const SAVE = `PUT ${ENDPOINT}.json`;
const RELOAD = `GET ${ENDPOINT}.json`;
const TEMPLATE_LIST = 'GET /api/v4/projects/g%2Fp/templates/issues';

function renderForm(onClose = vi.fn()) {
  renderWithStores(<IssueEditForm issueKey={KEY} projectPath="g/p" iid={1} endpoint={ENDPOINT} canDestroy={false} onClose={onClose} />);
  return { onClose, title: screen.getByLabelText('Title') as HTMLInputElement, description: screen.getByLabelText('Description') as HTMLTextAreaElement, save: screen.getByRole('button', { name: 'Save changes' }) };
}

const TEMPLATES: Record<string, string> = { Bug: '## Bug\n\nSteps', Feature: '## Feature\n\nWhy' };

describe('IssueEditForm', () => {
  let api: FetchStub;

  beforeEach(() => {
    window.history.pushState({}, '', ENDPOINT);
    localStorage.clear();
    appStore.set(issueAtomFamily(KEY), makeIssue({ title: 'Original title', description: 'Original body', lock_version: 4 }));
    appStore.set(csrfTokenAtom, 'csrf-123');
    appStore.set(currentUserAtom, { id: 1, username: 'alice', name: 'Alice Adams', state: 'active', locked: false, avatar_url: null, web_url: '/alice', email: 'a@x', is_admin: false, created_at: '' });
    api = stubFetch({
      [TEMPLATE_LIST]: Object.keys(TEMPLATES).map((n) => ({ key: n, name: n })),
      [`${TEMPLATE_LIST}/:name`]: ({ params }) => {
        const name = decodeURIComponent(params.name!);
        return TEMPLATES[name] === undefined ? jsonResponse({ message: '404 Template Not Found' }, { status: 404 }) : { name, content: TEMPLATES[name] };
      },
    });
  });
  afterEach(() => issueAtomFamily.remove(KEY));

  it('saves title, description and the lock_version it started from, then closes with the new state', async () => {
    api.on({ [SAVE]: makeIssue({ title: 'New title', description: 'New body', lock_version: 5, web_url: `http://localhost${ENDPOINT}` }) });
    const { onClose, title, description, save } = renderForm();
    fireEvent.change(title, { target: { value: 'New title' } });
    fireEvent.change(description, { target: { value: 'New body' } });
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = api.lastCall(SAVE);
    expect(sent.headers.get('x-csrf-token')).toBe('csrf-123');
    expect(sent.body).toEqual({ title: 'New title', description: 'New body', lock_version: 4 });
    expect(appStore.get(issueAtomFamily(KEY))).toMatchObject({ title: 'New title', lock_version: 5, last_edited_by: { name: 'Alice Adams' } });
    expect(localStorage.getItem(issueDraftKey('g/p', 1))).toBeNull();
  });

  it('a description over the limit is refused in the form with the limit\'s message, the text kept and nothing sent', async () => {
    const { onClose, description, save } = renderForm();
    const huge = 'x'.repeat(LIMITS.descriptionMaxLength + 1);
    fireEvent.change(description, { target: { value: huge } });
    expect(description.maxLength).toBe(-1);
    fireEvent.click(save);
    expect(await screen.findByText(`${TEXTS.errorUpdating('issue')}. description ${VALIDATION.tooLong(LIMITS.descriptionMaxLength)}`)).toBeTruthy();
    expect(description.value).toHaveLength(LIMITS.descriptionMaxLength + 1);
    expect(api.callsTo(SAVE)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('on 409 shows the conflict warning and keeps what the user typed', async () => {
    // The current version cannot be loaded either: the form keeps the typed text on its old version
    api.on({ [SAVE]: jsonResponse({ errors: ['Someone edited this issue at the same time you did.'] }, { status: 409 }), [RELOAD]: jsonResponse({}, { status: 500 }) });
    const { onClose, title, description, save } = renderForm();
    fireEvent.change(title, { target: { value: 'Bob title' } });
    fireEvent.change(description, { target: { value: 'Bob body' } });
    fireEvent.click(save);
    const warning = await screen.findByTestId('locked-warning');
    expect(warning.textContent).toBe(`${TEXTS.lockedWarning('issue')} ${TEXTS.lockedWarningReview('issue')}`);
    expect(screen.getByRole('link', { name: 'the issue' }).getAttribute('href')).toBe(ENDPOINT);
    expect(title.value).toBe('Bob title');
    expect(description.value).toBe('Bob body');
    expect(onClose).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(issueDraftKey('g/p', 1))!)).toEqual({ title: 'Bob title', description: 'Bob body', lock_version: 4 });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
  });

  it('shows "Error updating issue" with the server errors on other failures', async () => {
    api.on({ [SAVE]: jsonResponse({ errors: ['Title is too long (maximum is 255 characters)'] }, { status: 422 }) });
    const { save, title } = renderForm();
    fireEvent.change(title, { target: { value: 'x' } });
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('Error updating issue. Title is too long (maximum is 255 characters)');
  });

  it('disables Save while the trimmed title is blank and while saving', async () => {
    const answer = deferred();
    api.on({ [SAVE]: answer.handler });
    const { title, save } = renderForm();
    fireEvent.change(title, { target: { value: '   ' } });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(title, { target: { value: 'ok' } });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true));
    await act(async () => answer.release(makeIssue({ title: 'ok', lock_version: 5, web_url: `http://localhost${ENDPOINT}` })));
  });

  it('saves on Ctrl+Enter and cancels on Escape', async () => {
    api.on({ [SAVE]: makeIssue({ title: 'Keyboard', lock_version: 5, web_url: `http://localhost${ENDPOINT}` }) });
    const first = renderForm();
    fireEvent.change(first.title, { target: { value: 'Keyboard' } });
    fireEvent.keyDown(first.description, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(api.callsTo(SAVE)).toHaveLength(1);
    cleanup();
    const second = renderForm();
    fireEvent.change(second.title, { target: { value: 'Abandoned' } });
    fireEvent.keyDown(second.title, { key: 'Escape' });
    expect(second.onClose).toHaveBeenCalled();
    expect(api.callsTo(SAVE)).toHaveLength(1);
    expect(localStorage.getItem(issueDraftKey('g/p', 1))).toBeNull();
  });

  it('warns when someone else changes the title while the form is open, and adopts state-only changes', async () => {
    renderForm();
    act(() => appStore.set(issueAtomFamily(KEY), makeIssue({ title: 'Original title', description: 'Original body', state: 'closed', lock_version: 5 })));
    expect(screen.queryByTestId('locked-warning')).toBeNull();
    act(() => appStore.set(issueAtomFamily(KEY), makeIssue({ title: 'Changed elsewhere', description: 'Original body', lock_version: 6 })));
    expect(await screen.findByTestId('locked-warning')).toBeTruthy();
    // The form still holds the user's starting text, not the remote title
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Original title');
  });

  it('restores a draft of the same version and asks about a draft of an older version', () => {
    const key = issueDraftKey('g/p', 1);
    localStorage.setItem(key, JSON.stringify({ title: 'Draft title', description: 'Draft body', lock_version: 4 }));
    const same = renderForm();
    expect(same.title.value).toBe('Draft title');
    cleanup();
    localStorage.setItem(key, JSON.stringify({ title: 'Old draft', description: 'Old body', lock_version: 2 }));
    const older = renderForm();
    expect(older.title.value).toBe('Original title');
    expect(screen.getByTestId('draft-conflict').textContent).toContain(TEXTS.draftConflict);
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(older.title.value).toBe('Old draft');
    expect(older.description.value).toBe('Old body');
  });

  it('asks the browser to confirm leaving with unsaved changes', () => {
    const { title } = renderForm();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(title, { target: { value: 'Unsaved' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  describe('template chooser', () => {
    const chooser = () => screen.findByRole('combobox', { name: TEMPLATE_TEXTS.choose }) as Promise<HTMLSelectElement>;
    const dialog = () => screen.queryByRole('dialog');

    it('is fetched once when the form opens and lists the templates under "Choose a template"', async () => {
      renderForm();
      const select = await chooser();
      expect(select.value).toBe('');
      expect([...select.options].map((o) => o.textContent)).toEqual([TEMPLATE_TEXTS.choose, TEMPLATE_TEXTS.noTemplate, 'Bug', 'Feature']);
      expect(api.callsTo(TEMPLATE_LIST)).toHaveLength(1);
    });

    it('the form still opens when the template list fails', async () => {
      api.on({ [TEMPLATE_LIST]: jsonResponse({ message: 'boom' }, { status: 500 }) });
      const { title } = renderForm();
      expect(title.value).toBe('Original title');
      await waitFor(() => expect(api.callsTo(TEMPLATE_LIST)).not.toHaveLength(0));
      expect(screen.queryByTestId('template-chooser')).toBeNull();
    });

    it('warns before overriding different content: closing keeps the previous selection, confirming overrides', async () => {
      const { description } = renderForm();
      const select = await chooser();
      fireEvent.change(select, { target: { value: 'Bug' } });
      expect(await screen.findByRole('dialog')).toBeTruthy();
      expect(dialog()!.textContent).toContain(TEMPLATE_TEXTS.overrideMessage);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(dialog()).toBeNull());
      expect(select.value).toBe('');
      expect(description.value).toBe('Original body');

      fireEvent.change(select, { target: { value: 'Bug' } });
      fireEvent.click(await screen.findByRole('button', { name: TEMPLATE_TEXTS.overrideConfirm }));
      await waitFor(() => expect(description.value).toBe(TEMPLATES.Bug));
      expect(select.value).toBe('Bug');
      // the template's own text is replaced without asking
      fireEvent.change(select, { target: { value: 'Feature' } });
      await waitFor(() => expect(description.value).toBe(TEMPLATES.Feature));
      expect(dialog()).toBeNull();
    });

    it("'Reset template' restores the template's text and 'No template' resets the choice", async () => {
      const { description } = renderForm();
      fireEvent.change(description, { target: { value: '' } });
      const select = await chooser();
      fireEvent.change(select, { target: { value: 'Bug' } });
      await waitFor(() => expect(description.value).toBe(TEMPLATES.Bug));
      fireEvent.change(description, { target: { value: `${TEMPLATES.Bug}\nmore` } });
      fireEvent.click(screen.getByRole('button', { name: TEMPLATE_TEXTS.reset }));
      expect(description.value).toBe(TEMPLATES.Bug);
      fireEvent.change(select, { target: { value: select.options[1]!.value } });
      await waitFor(() => expect(select.value).toBe(''));
      expect(select.selectedOptions[0]!.textContent).toBe(TEMPLATE_TEXTS.choose);
      expect(description.value).toBe('');
      expect(screen.queryByRole('button', { name: TEMPLATE_TEXTS.reset })).toBeNull();
    });
  });

  it('toggles the markdown help pane', () => {
    renderForm();
    const toggle = screen.getByRole('button', { name: ISSUE_PAGE_TEXTS.helpToggle });
    expect(screen.queryByTestId('markdown-help')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByTestId('markdown-help').textContent).toContain('/spend');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  describe('edit conflict (409): three-way merge', () => {
    const base = 'Intro\n\nMiddle\n\nOutro';

    it('applies non-overlapping edits onto the new text, then saves with the new lock_version', async () => {
      appStore.set(issueAtomFamily(KEY), makeIssue({ title: 'T', description: base, lock_version: 4 }));
      api.on({
        [SAVE]: sequence(jsonResponse({ errors: [TEXTS.lockedWarning('issue')] }, { status: 409 }), makeIssue({ title: 'T', description: 'Intro by them\n\nMiddle\n\nOutro by me', lock_version: 7, web_url: `http://localhost${ENDPOINT}` })),
        [RELOAD]: makeIssue({ title: 'T', description: 'Intro by them\n\nMiddle\n\nOutro', lock_version: 6 }),
      });
      const { description, save, onClose } = renderForm();
      fireEvent.change(description, { target: { value: 'Intro\n\nMiddle\n\nOutro by me' } });
      fireEvent.click(save);
      expect(await screen.findByTestId('merge-applied')).toBeTruthy();
      expect(screen.getByTestId('locked-warning')).toBeTruthy();
      expect(description.value).toBe('Intro by them\n\nMiddle\n\nOutro by me');
      expect(api.callsTo(RELOAD)).toHaveLength(1);
      fireEvent.click(save);
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(api.callsTo(SAVE)[1]!.body).toEqual({ title: 'T', description: 'Intro by them\n\nMiddle\n\nOutro by me', lock_version: 6 });
    });

    it('shows both versions of overlapping edits and lets the user choose', async () => {
      appStore.set(issueAtomFamily(KEY), makeIssue({ title: 'T', description: base, lock_version: 4 }));
      api.on({
        [SAVE]: sequence(jsonResponse({ errors: [TEXTS.lockedWarning('issue')] }, { status: 409 }), makeIssue({ title: 'T', description: 'x', lock_version: 7, web_url: `http://localhost${ENDPOINT}` })),
        [RELOAD]: makeIssue({ title: 'T', description: 'Intro\n\nMiddle (theirs)\n\nOutro', lock_version: 6 }),
      });
      const { description, save } = renderForm();
      fireEvent.change(description, { target: { value: 'Intro\n\nMiddle (mine)\n\nOutro' } });
      fireEvent.click(save);
      const conflict = await screen.findByTestId('edit-conflict');
      expect(screen.getByTestId('conflict-theirs').textContent).toBe('Middle (theirs)');
      expect(screen.getByTestId('conflict-mine').textContent).toBe('Middle (mine)');
      expect(conflict.textContent).toContain(ISSUE_PAGE_TEXTS.mergeConflict);
      expect(description.value).toBe('Intro\n\nMiddle (mine)\n\nOutro');
      fireEvent.click(screen.getByRole('button', { name: ISSUE_PAGE_TEXTS.useTheirs }));
      expect(description.value).toBe('Intro\n\nMiddle (theirs)\n\nOutro');
      expect(screen.queryByTestId('edit-conflict')).toBeNull();
      fireEvent.change(description, { target: { value: 'Intro\n\nMiddle (both)\n\nOutro' } });
      fireEvent.click(save);
      await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(2));
      expect(api.callsTo(SAVE)[1]!.body.lock_version).toBe(6);
    });
  });
});
