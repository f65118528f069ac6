import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { canConfirmMove, MoveIssueWidget } from './MoveIssueWidget';

const KEY = 'g/p#1';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const project = (id: number, path: string, archived = false) => ({ id, name: path.split('/').pop(), name_with_namespace: path.replace('/', ' / '), path_with_namespace: path, archived });

describe('MoveIssueWidget', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
  let moveResponse: () => Promise<Response>;

  beforeEach(() => {
    appStore.set(issueAtomFamily(KEY), makeIssue());
    navigate = vi.fn<(url: string) => void>();
    moveResponse = async () => json({ data: { issueMove: { errors: [], issue: { id: 'x', webUrl: 'http://x/g/other/-/issues/7' } } } });
    fetchMock = vi.fn(async (url: string) => {
      if (url.startsWith('/api/v4/projects')) return json([project(1, 'g/p'), project(2, 'g/other'), project(3, 'g/old', true)]);
      return moveResponse();
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    issueAtomFamily.remove(KEY);
  });

  const renderWidget = (editable = true) =>
    render(
      <Provider store={appStore}>
        <MoveIssueWidget issueKey={KEY} projectPath="g/p" iid={1} editable={editable} navigate={navigate} />
      </Provider>,
    );

  it('confirms only with a chosen project of a positive id, and not while moving', () => {
    expect(canConfirmMove(null, false)).toBe(false);
    expect(canConfirmMove({ id: 0 }, false)).toBe(false);
    expect(canConfirmMove({ id: 5 }, false)).toBe(true);
    expect(canConfirmMove({ id: 5 }, true)).toBe(false);
  });

  it('lists other, live projects; Move is disabled until one is chosen, then moves and goes to the new issue', async () => {
    let release!: () => void;
    moveResponse = () => new Promise((r) => (release = () => r(json({ data: { issueMove: { errors: [], issue: { id: 'x', webUrl: 'http://x/g/other/-/issues/7' } } } }))));
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['g / other']));
    const move = screen.getByRole('button', { name: PEOPLE_TEXTS.moveConfirm });
    expect((move as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('option', { name: 'g / other' }));
    expect((move as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(move);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Moving…' })).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Moving…' }) as HTMLButtonElement).disabled).toBe(true);
    const body = JSON.parse(String(fetchMock.mock.calls.find(([u]) => u === '/api/graphql')![1].body));
    expect(body.variables.input).toEqual({ projectPath: 'g/p', iid: '1', targetProjectPath: 'g/other' });
    release();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://x/g/other/-/issues/7'));
  });

  it('shows the move error and re-enables the button', async () => {
    moveResponse = async () => json({ data: { issueMove: { errors: ['Cannot move issue due to insufficient permissions!'], issue: null } } });
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => screen.getByRole('option', { name: 'g / other' }));
    fireEvent.click(screen.getByRole('option', { name: 'g / other' }));
    fireEvent.click(screen.getByRole('button', { name: PEOPLE_TEXTS.moveConfirm }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`${PEOPLE_TEXTS.moveFailed} Cannot move issue due to insufficient permissions!`));
    expect((screen.getByRole('button', { name: PEOPLE_TEXTS.moveConfirm }) as HTMLButtonElement).disabled).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says when the project search failed', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'no' }, 500));
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PEOPLE_TEXTS.projectsAutocompleteFailed));
  });

  it('a moved issue links to where it went; nothing for who may not move it', () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ moved_to_id: 9, moved_to_web_url: 'http://x/g/other/-/issues/7' }));
    renderWidget(false);
    expect(screen.getByTestId('moved-to').textContent).toBe(`${PEOPLE_TEXTS.movedTo} g/other#7`);
    expect(screen.getByRole('link').getAttribute('href')).toBe('http://x/g/other/-/issues/7');
    cleanup();
    appStore.set(issueAtomFamily(KEY), makeIssue());
    renderWidget(false);
    expect(screen.queryByTestId('sidebar-move')).toBeNull();
  });
});
