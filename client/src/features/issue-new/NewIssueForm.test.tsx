import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TEMPLATE_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { csrfTokenAtom } from '../session/sessionAtoms';
import { NewIssueForm } from './NewIssueForm';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const TEMPLATES: Record<string, string> = { Bug: '## Bug\n\nSteps', Feature: '## Feature\n\nWhy' };

/** What requestJson sends, as the assertions read it. */
type SentInit = { method: string; body: string };

describe('NewIssueForm', () => {
  let fetchMock: ReturnType<typeof vi.fn<(url: string, init: SentInit) => Promise<Response>>>;

  beforeEach(() => {
    appStore.set(csrfTokenAtom, 'csrf');
    fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/templates/issues')) return jsonResponse(200, Object.keys(TEMPLATES).map((name) => ({ key: name, name })));
      const name = /templates\/issues\/([^/?]+)$/.exec(url)?.[1];
      if (name) return jsonResponse(200, { name: decodeURIComponent(name), content: TEMPLATES[decodeURIComponent(name)] });
      if (url.includes('/labels')) return jsonResponse(200, []);
      return jsonResponse(404, { message: '404 Not Found' });
    });
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => fetchMock(url, init as unknown as SentInit));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderForm(props: Partial<Parameters<typeof NewIssueForm>[0]> = {}) {
    const onCreated = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Provider store={appStore}>
          <NewIssueForm projectPath="g/p" canSetMetadata={false} onCreated={onCreated} onCancel={vi.fn()} {...props} />
        </Provider>
      </QueryClientProvider>,
    );
    return { onCreated, description: screen.getByLabelText('Description') as HTMLTextAreaElement };
  }
  const chooser = () => screen.findByRole('combobox', { name: TEMPLATE_TEXTS.choose }) as Promise<HTMLSelectElement>;

  it('offers the project templates; choosing one fills the description, Reset restores it, other text asks first', async () => {
    const { description } = renderForm();
    const select = await chooser();
    expect([...select.options].map((o) => o.textContent)).toEqual([TEMPLATE_TEXTS.choose, TEMPLATE_TEXTS.noTemplate, 'Bug', 'Feature']);
    fireEvent.change(select, { target: { value: 'Bug' } });
    await waitFor(() => expect(description.value).toBe(TEMPLATES.Bug));
    fireEvent.change(description, { target: { value: 'my own words' } });
    fireEvent.click(screen.getByRole('button', { name: TEMPLATE_TEXTS.reset }));
    expect(description.value).toBe(TEMPLATES.Bug);
    fireEvent.change(description, { target: { value: 'my own words' } });
    fireEvent.change(select, { target: { value: 'Feature' } });
    fireEvent.click(await screen.findByRole('button', { name: TEMPLATE_TEXTS.overrideConfirm }));
    await waitFor(() => expect(description.value).toBe(TEMPLATES.Feature));
    expect(select.value).toBe('Feature');
  });

  it('?issuable_template=name preselects that template (any case); an unknown name leaves the form empty', async () => {
    const { description } = renderForm({ initialTemplate: 'bug' });
    await waitFor(() => expect(description.value).toBe(TEMPLATES.Bug));
    expect((await chooser()).value).toBe('Bug');
    cleanup();
    const other = renderForm({ initialTemplate: 'Nope' });
    expect((await chooser()).value).toBe('');
    expect(other.description.value).toBe('');
  });

  it('creates the issue with the template text as its description', async () => {
    const { onCreated, description } = renderForm({ initialTemplate: 'Feature' });
    await waitFor(() => expect(description.value).toBe(TEMPLATES.Feature));
    fireEvent.change(screen.getByLabelText('Title (required)'), { target: { value: 'A feature' } });
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { iid: 9, web_url: 'http://localhost/g/p/-/issues/9' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create issue' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('http://localhost/g/p/-/issues/9'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/v4/projects/g%2Fp/issues');
    expect(JSON.parse(post[1].body)).toMatchObject({ title: 'A feature', description: TEMPLATES.Feature });
  });
});
