import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TAXONOMY_TEXTS } from '@tandem/shared-types';
import { graphql, jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { MergeRequestLabelsBlock } from './MergeRequestLabelsBlock';

const LIST = 'GET /api/v4/projects/acme%2Ftandem/labels?include_ancestor_groups=true&per_page=100';
const label = (id: number, name: string) => ({ id, name, color: '#428bca', text_color: '#fff', description: null });

describe('the merge request labels block', () => {
  let api: FetchStub;
  let modes: Array<{ operationMode: string; labelIds: string[] }>;
  beforeEach(() => {
    modes = [];
    // The dropdown reads the project's first 100 labels: 'legacy', applied to the merge request, is not among them
    api = stubFetch({
      [LIST]: [label(1, 'bug'), label(2, 'feature'), label(3, 'priority::high'), label(4, 'priority::low')],
      'GET /-/labels/suggested_colors.json': { '#009966': 'Green-cyan', '#8fbc8f': 'Dark sea green' },
      'POST /api/v4/projects/acme%2Ftandem/labels': (c) => label(9, String(c.body.name)),
      'POST /api/graphql': graphql({
        mergeRequestSetLabels: (v) => {
          modes.push(v.input as { operationMode: string; labelIds: string[] });
          return { data: { mergeRequestSetLabels: { errors: [], mergeRequest: { id: 'gid://gitlab/MergeRequest/7', labels: { nodes: [] } } } } };
        },
      }),
    });
  });

  const open = async () => {
    renderWithStores(<MergeRequestLabelsBlock labels={['bug', 'legacy']} projectPath="acme/tandem" iid={3} canUpdate onSaved={() => undefined} />);
    fireEvent.click(within(screen.getByTestId('mr-sidebar-labels')).getByRole('button', { name: 'Edit' }));
    await screen.findByRole('option', { name: /feature/ });
  };

  it("adding a label appends it: a label the dropdown did not list stays; the dropdown says 'first +N more', Edit reads Apply", async () => {
    await open();
    expect(screen.getByTestId('mr-labels-dropdown-text').textContent).toBe(TAXONOMY_TEXTS.labelsSummary(['bug', 'legacy']));
    expect(screen.getByTestId('mr-labels-dropdown-text').textContent).toBe('bug +1 more');
    fireEvent.click(screen.getByRole('option', { name: /feature/ }));
    fireEvent.click(within(screen.getByTestId('mr-sidebar-labels')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(modes).toHaveLength(1));
    expect(modes[0]).toMatchObject({ operationMode: 'APPEND', labelIds: ['gid://gitlab/Label/2'] });
    expect(api.callsTo('POST /api/graphql')).toHaveLength(1);
  });

  it('taking a label off removes just that one', async () => {
    await open();
    fireEvent.click(screen.getByRole('option', { name: /bug/ }));
    fireEvent.click(within(screen.getByTestId('mr-sidebar-labels')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(modes).toHaveLength(1));
    expect(modes[0]).toMatchObject({ operationMode: 'REMOVE', labelIds: ['gid://gitlab/Label/1'] });
  });

  it('a scoped label replaces its sibling of the same scope', async () => {
    await open();
    fireEvent.click(screen.getByRole('option', { name: /priority::high|priorityhigh/ }));
    fireEvent.click(screen.getByRole('option', { name: /priority::low|prioritylow/ }));
    fireEvent.click(within(screen.getByTestId('mr-sidebar-labels')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(modes).toHaveLength(1));
    expect(modes[0]).toMatchObject({ operationMode: 'APPEND', labelIds: ['gid://gitlab/Label/4'] });
  });

  it('Create project label makes the label and chooses it; saved with the rest', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: TAXONOMY_TEXTS.createLabel }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Label name' }), { target: { value: 'needs-docs' } });
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Label colour' }) as HTMLInputElement).value).toBe('#009966'));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST /api/v4/projects/acme%2Ftandem/labels')).toHaveLength(1));
    expect(api.lastCall('POST /api/v4/projects/acme%2Ftandem/labels').body).toEqual({ name: 'needs-docs', color: '#009966' });
    await waitFor(() => expect(screen.getByTestId('mr-labels-dropdown-text').textContent).toBe('bug +2 more'));
    fireEvent.click(within(screen.getByTestId('mr-sidebar-labels')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(modes).toHaveLength(1));
    expect(modes[0]).toMatchObject({ operationMode: 'APPEND', labelIds: ['gid://gitlab/Label/9'] });
  });

  it("a refused create says 'Error creating label.' and chooses nothing", async () => {
    api.on({ 'POST /api/v4/projects/acme%2Ftandem/labels': jsonResponse({ message: { title: ['has already been taken'] } }, { status: 409 }) });
    await open();
    fireEvent.click(screen.getByRole('button', { name: TAXONOMY_TEXTS.createLabel }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Label name' }), { target: { value: 'bug' } });
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Label colour' }) as HTMLInputElement).value).toBe('#009966'));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(TAXONOMY_TEXTS.labelCreateFailed)).toBeTruthy();
    expect(screen.getByTestId('mr-labels-dropdown-text').textContent).toBe('bug +1 more');
  });
});
