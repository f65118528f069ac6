import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TEMPLATE_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../test/kit';
import { csrfTokenAtom } from '../session/sessionAtoms';
import { NewIssueForm } from './NewIssueForm';

const TEMPLATES: Record<string, string> = { Bug: '## Bug\n\nSteps', Feature: '## Feature\n\nWhy' };
const PROJECT = '/api/v4/projects/g%2Fp';
const CREATE = `POST ${PROJECT}/issues`;

describe('NewIssueForm', () => {
  let api: FetchStub;

  beforeEach(() => {
    appStore.set(csrfTokenAtom, 'csrf');
    api = stubFetch({
      [`GET ${PROJECT}/templates/issues`]: Object.keys(TEMPLATES).map((name) => ({ key: name, name })),
      [`GET ${PROJECT}/templates/issues/:name`]: ({ params }) => ({ name: decodeURIComponent(params.name!), content: TEMPLATES[decodeURIComponent(params.name!)] }),
      [`GET ${PROJECT}/labels`]: [],
    });
  });

  function renderForm(props: Partial<Parameters<typeof NewIssueForm>[0]> = {}) {
    const onCreated = vi.fn();
    renderWithStores(<NewIssueForm projectPath="g/p" canSetMetadata={false} onCreated={onCreated} onCancel={vi.fn()} {...props} />);
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
    api.on({ [CREATE]: jsonResponse({ iid: 9, web_url: 'http://localhost/g/p/-/issues/9' }, { status: 201 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Create issue' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('http://localhost/g/p/-/issues/9'));
    expect(api.lastCall(CREATE).body).toMatchObject({ title: 'A feature', description: TEMPLATES.Feature });
  });
});
