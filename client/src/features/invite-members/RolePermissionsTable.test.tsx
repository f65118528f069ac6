import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PERMISSIONS_HELP_TEXTS, type PermissionsHelp } from '@tandem/shared-types';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../test/kit';
import { RolePermissionsTable } from './RolePermissionsTable';

const HELP: PermissionsHelp = {
  roles: [
    { access_level: 10, name: 'Guest' },
    { access_level: 40, name: 'Maintainer' },
  ],
  sections: [{ title: 'Projects', rows: [{ ability: 'admin_project_member', text: 'Invite and manage project members', allowed: [false, true] }] }],
};

describe('RolePermissionsTable (the help page of "Read more about role permissions")', () => {
  let api: FetchStub;
  beforeEach(() => {
    api = stubFetch();
  });

  it("shows the server's table: a column per role, a row per action, a check where the role may", async () => {
    api.on({ 'GET /help/user/permissions.json': HELP });
    renderWithStores(<RolePermissionsTable />);
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([PERMISSIONS_HELP_TEXTS.action, 'Guest', 'Maintainer']);
    const row = within(table).getByRole('row', { name: /Invite and manage project members/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('No');
    expect(cells[1]!.textContent).toBe('Yes');
    expect(cells[1]!.querySelector('svg')).toBeTruthy();
    expect(cells[0]!.querySelector('svg')).toBeNull();
    expect(screen.getByText(PERMISSIONS_HELP_TEXTS.assumptions)).toBeTruthy();
  });

  it('says so when the table cannot be loaded', async () => {
    api.on({ 'GET /help/user/permissions.json': jsonResponse({}, { status: 500 }) });
    renderWithStores(<RolePermissionsTable />);
    expect(await screen.findByText(PERMISSIONS_HELP_TEXTS.loadFailed)).toBeTruthy();
  });
});
