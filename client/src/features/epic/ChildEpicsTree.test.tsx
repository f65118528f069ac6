import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EPIC_TEXTS, type ApiEpic } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../test/kit';
import { epicChildrenVersionAtomFamily, epicKey } from './epicAtoms';
import { epicEvents } from './epicEvents';
import { ChildEpicsTree } from './ChildEpicsTree';
import { parseEpicRef } from './epicQueries';

const KEY = epicKey('acme', 3);
const epicOf = (id: number, iid: number, title: string, extra: Partial<ApiEpic> = {}) =>
  ({ id, iid, group_id: 10, title, state: 'opened', web_url: `/groups/acme/-/epics/${iid}`, references: { short: `&${iid}`, relative: `&${iid}`, full: `acme&${iid}` }, ...extra }) as ApiEpic;
const parent = epicOf(30, 3, 'Roadmap');

describe('ChildEpicsTree', () => {
  let api: FetchStub;
  let children: ApiEpic[];
  let grandchildren: ApiEpic[];
  let deepIssues: unknown[];
  beforeEach(() => {
    appStore.set(epicChildrenVersionAtomFamily(KEY), 0);
    children = [epicOf(40, 4, 'Search')];
    grandchildren = [epicOf(50, 5, 'Search indexing')];
    deepIssues = [];
    api = stubFetch({
      'GET /api/v4/groups/10/epics/3/epics': () => jsonResponse(children),
      'GET /api/v4/groups/10/epics/4/epics': () => jsonResponse(grandchildren),
      'GET /api/v4/groups/acme/epics/4/issues': () => jsonResponse(deepIssues),
      'GET /api/v4/groups/acme/epics/6': epicOf(60, 6, 'Billing'),
      'POST /api/v4/groups/10/epics/3/epics/60': () => {
        children = [...children, epicOf(60, 6, 'Billing')];
        return jsonResponse(epicOf(60, 6, 'Billing'), { status: 201 });
      },
      'POST /api/v4/groups/10/epics/3/epics': () => {
        children = [...children, epicOf(70, 7, 'Brand new')];
        return jsonResponse(epicOf(70, 7, 'Brand new'), { status: 201 });
      },
      'DELETE /api/v4/groups/10/epics/3/epics/40': () => {
        children = children.filter((c) => c.id !== 40);
        return jsonResponse(epicOf(40, 4, 'Search'));
      },
    });
  });

  it('shows the children as a tree: a child opens to show its own children', async () => {
    renderWithStores(<ChildEpicsTree epic={parent} epicKey={KEY} editable={false} />);
    expect(await screen.findByText('Search')).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe(`${EPIC_TEXTS.childEpics} 1`);
    fireEvent.click(screen.getByRole('button', { name: 'Show child epics of acme&4' }));
    expect(await screen.findByText('Search indexing')).toBeTruthy();
    // readers get no controls
    expect(screen.queryByRole('button', { name: EPIC_TEXTS.addExistingEpic })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('adds an existing epic by reference, creates a new one, removes one; the tree follows', async () => {
    renderWithStores(<ChildEpicsTree epic={parent} epicKey={KEY} editable />);
    await screen.findByText('Search');
    fireEvent.click(screen.getByRole('button', { name: EPIC_TEXTS.addExistingEpic }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Epic to add' }), { target: { value: '&6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Billing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: EPIC_TEXTS.addNewEpic }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New epic title' }), { target: { value: 'Brand new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create epic' }));
    expect(await screen.findByText('Brand new')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST' && c.url === '/api/v4/groups/10/epics/3/epics')?.body).toEqual({ title: 'Brand new' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove acme&4 from the epic' }));
    await waitFor(() => expect(screen.queryByText('Search')).toBeNull());
    expect(screen.getByRole('heading').textContent).toBe(`${EPIC_TEXTS.childEpics} 2`);
  });

  it("shows the spec's failure texts: not found, the count limit's conflict, a failed remove", async () => {
    api.on({
      'GET /api/v4/groups/acme/epics/9': () => jsonResponse({ message: '404 Epic Not Found' }, { status: 404 }),
      'POST /api/v4/groups/10/epics/3/epics': () => jsonResponse({ message: EPIC_TEXTS.maxChildEpics }, { status: 409 }),
      'DELETE /api/v4/groups/10/epics/3/epics/40': () => jsonResponse({ message: 'boom' }, { status: 500 }),
    });
    renderWithStores(<ChildEpicsTree epic={parent} epicKey={KEY} editable />);
    await screen.findByText('Search');
    fireEvent.click(screen.getByRole('button', { name: EPIC_TEXTS.addExistingEpic }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Epic to add' }), { target: { value: 'acme&9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EPIC_TEXTS.epicCannotBeFound);
    fireEvent.click(screen.getByRole('button', { name: EPIC_TEXTS.addNewEpic }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New epic title' }), { target: { value: 'One more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create epic' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(EPIC_TEXTS.maxChildEpics));
    fireEvent.click(screen.getByRole('button', { name: 'Remove acme&4 from the epic' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(EPIC_TEXTS.removeEpicsFailed));
    expect(screen.getByText('Search')).toBeTruthy();
  });

  it("refetches when the epic's children_changed event arrives", async () => {
    renderWithStores(<ChildEpicsTree epic={parent} epicKey={KEY} editable={false} />);
    await screen.findByText('Search');
    children = [...children, epicOf(80, 8, 'Added elsewhere')];
    epicEvents['epic.updated']!(
      { type: 'epic.updated', issue: { id: 30, iid: 3, project_path: 'groups/acme' }, payload: { fields: { children_changed: true, updated_at: '2026-01-01T00:00:00Z' } } } as never,
      { store: appStore } as never,
    );
    expect(await screen.findByText('Added elsewhere')).toBeTruthy();
  });

  it('edits an opened level as the top one: adds and removes its child epics and issues there', async () => {
    api.on({
      'POST /api/v4/groups/10/epics/4/epics': () => {
        grandchildren = [...grandchildren, epicOf(90, 9, 'Deep new')];
        return jsonResponse(epicOf(90, 9, 'Deep new'), { status: 201 });
      },
      'DELETE /api/v4/groups/10/epics/4/epics/50': () => {
        grandchildren = grandchildren.filter((c) => c.id !== 50);
        return jsonResponse(epicOf(50, 5, 'Search indexing'));
      },
      'GET /api/v4/projects/acme%2Ftandem/issues/9': { id: 900, iid: 9 },
      'POST /api/v4/groups/acme/epics/4/issues/900': () => {
        deepIssues = [{ id: 900, iid: 9, title: 'Deep issue', state: 'opened', web_url: '/acme/tandem/-/issues/9', references: { full: 'acme/tandem#9' }, epic_issue_id: 71 }];
        return jsonResponse({ id: 71 }, { status: 201 });
      },
      'DELETE /api/v4/groups/acme/epics/4/issues/71': () => {
        deepIssues = [];
        return jsonResponse({ id: 71 });
      },
    });
    renderWithStores(<ChildEpicsTree epic={parent} epicKey={KEY} editable />);
    await screen.findByText('Search');
    fireEvent.click(screen.getByRole('button', { name: 'Show child epics of acme&4' }));
    const level = within(await screen.findByTestId('epic-tree-level'));
    await level.findByText('Search indexing');
    expect(level.getByText('No issues in this epic.')).toBeTruthy();
    fireEvent.click(level.getByRole('button', { name: EPIC_TEXTS.addNewEpic }));
    fireEvent.change(level.getByRole('textbox', { name: 'New epic title' }), { target: { value: 'Deep new' } });
    fireEvent.click(level.getByRole('button', { name: 'Create epic' }));
    expect(await level.findByText('Deep new')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST' && c.url === '/api/v4/groups/10/epics/4/epics')?.body).toEqual({ title: 'Deep new' });
    fireEvent.click(level.getByRole('button', { name: 'Remove acme&5 from the epic' }));
    await waitFor(() => expect(level.queryByText('Search indexing')).toBeNull());
    fireEvent.change(level.getByRole('textbox', { name: 'Issue to add' }), { target: { value: 'acme/tandem#9' } });
    fireEvent.click(level.getByRole('button', { name: 'Add' }));
    expect(await level.findByText('Deep issue')).toBeTruthy();
    fireEvent.click(level.getByRole('button', { name: 'Remove acme/tandem#9 from the epic' }));
    await waitFor(() => expect(level.queryByText('Deep issue')).toBeNull());
    // the top level is untouched
    expect(screen.getByRole('heading').textContent).toBe(`${EPIC_TEXTS.childEpics} 1`);
  });

  it("refetches an opened level when the page's epic hears descendants_changed", async () => {
    renderWithStores(<ChildEpicsTree epic={parent} epicKey={KEY} editable={false} />);
    await screen.findByText('Search');
    fireEvent.click(screen.getByRole('button', { name: 'Show child epics of acme&4' }));
    await screen.findByText('Search indexing');
    grandchildren = [...grandchildren, epicOf(95, 12, 'Added two levels down')];
    epicEvents['epic.updated']!(
      { type: 'epic.updated', issue: { id: 30, iid: 3, project_path: 'groups/acme' }, payload: { fields: { descendants_changed: true, updated_at: '2026-01-01T00:00:00Z' } } } as never,
      { store: appStore } as never,
    );
    expect(await screen.findByText('Added two levels down')).toBeTruthy();
  });

  it('takes &N, group&N and epic URLs only', () => {
    expect(parseEpicRef('&6', 'acme')).toEqual({ groupPath: 'acme', iid: 6 });
    expect(parseEpicRef('acme/platform&2', 'acme')).toEqual({ groupPath: 'acme/platform', iid: 2 });
    expect(parseEpicRef('https://t.example/groups/acme/-/epics/12', 'acme')).toEqual({ groupPath: 'acme', iid: 12 });
    expect(parseEpicRef('#6', 'acme')).toBeNull();
    expect(parseEpicRef('epic 6', 'acme')).toBeNull();
  });
});
