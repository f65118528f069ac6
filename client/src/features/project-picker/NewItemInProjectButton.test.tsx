import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PROJECT_PICKER_TEXTS, recentProjectStorageKey } from '@tandem/shared-types';
import { stubFetch, type FetchStub } from '../../test/kit';
import { NewItemInProjectButton } from './NewItemInProjectButton';

/** The group's live projects, subgroups included. */
const PROJECTS_OF_ACME = 'GET /api/v4/groups/acme/projects?include_subgroups=true&archived=false';
const PROJECTS = [
  { path_with_namespace: 'acme/tandem', name: 'Tandem', name_with_namespace: 'Acme / Tandem' },
  { path_with_namespace: 'acme/platform/secret-plans', name: 'Secret plans', name_with_namespace: 'Acme / Platform / Secret plans' },
];

describe('NewItemInProjectButton', () => {
  let api: FetchStub;
  beforeEach(() => {
    localStorage.clear();
    api = stubFetch({ [PROJECTS_OF_ACME]: PROJECTS });
  });
  afterEach(() => localStorage.clear());

  const renderButton = (groupPath = 'acme') => render(<NewItemInProjectButton groupPath={groupPath} resourceType="issue" label="New issue" newPath="-/issues/new" />);

  it("asks for a project, lists the group's projects where issues can be created, and remembers the choice per group and resource", async () => {
    renderButton();
    const main = screen.getByTestId('new-item-in-project');
    expect(main.textContent).toBe(PROJECT_PICKER_TEXTS.noProject('issue'));
    expect(main.textContent).toBe('Select project to create issue');
    fireEvent.click(main);
    fireEvent.click(await screen.findByRole('option', { name: 'Acme / Platform / Secret plans' }));
    expect(api.callsTo(PROJECTS_OF_ACME)).toHaveLength(1);
    const link = screen.getByTestId('new-item-in-project');
    expect(link.textContent).toBe('New issue in Secret plans');
    expect(link.getAttribute('href')).toBe('/acme/platform/secret-plans/-/issues/new');
    expect(JSON.parse(localStorage.getItem(recentProjectStorageKey('acme', 'issue'))!)).toMatchObject({ path: 'acme/platform/secret-plans', name: 'Secret plans' });
    cleanup();
    // remembered for this group and resource type only
    renderButton();
    expect(screen.getByTestId('new-item-in-project').textContent).toBe('New issue in Secret plans');
    cleanup();
    renderButton('other');
    expect(screen.getByTestId('new-item-in-project').textContent).toBe('Select project to create issue');
  });

  it('searches with the trimmed text; the toggle changes the chosen project; no match says so', async () => {
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: PROJECT_PICKER_TEXTS.toggle }));
    await screen.findByRole('option', { name: 'Acme / Tandem' });
    api.on({ [`${PROJECTS_OF_ACME}&search=zzz`]: [] });
    fireEvent.change(screen.getByRole('combobox', { name: PROJECT_PICKER_TEXTS.search }), { target: { value: '  zzz ' } });
    expect(await screen.findByText(PROJECT_PICKER_TEXTS.noMatches)).toBeTruthy();
    await waitFor(() => expect(api.calls.at(-1)!.query.get('search')).toBe('zzz'));
    fireEvent.change(screen.getByRole('combobox', { name: PROJECT_PICKER_TEXTS.search }), { target: { value: 'tan' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Acme / Tandem' }));
    expect(screen.getByTestId('new-item-in-project').textContent).toBe('New issue in Tandem');
  });
});
