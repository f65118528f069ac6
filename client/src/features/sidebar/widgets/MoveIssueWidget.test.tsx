import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { deferred, graphql, jsonResponse, renderWithStores, stubFetch, type FetchStub, type GraphqlHandler } from '../../../test/kit';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { canConfirmMove, MoveIssueWidget } from './MoveIssueWidget';

const KEY = 'g/p#1';
const PROJECTS = 'GET /api/v4/projects';
const moved = { data: { issueMove: { errors: [], issue: { id: 'x', webUrl: 'http://x/g/other/-/issues/7' } } } };
const project = (id: number, path: string, archived = false) => ({ id, name: path.split('/').pop(), name_with_namespace: path.replace('/', ' / '), path_with_namespace: path, archived });

describe('MoveIssueWidget', () => {
  let api: FetchStub;
  let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
  const answerMove = (issueMove: GraphqlHandler | object) => api.on({ 'POST /api/graphql': graphql({ issueMove }) });

  beforeEach(() => {
    appStore.set(issueAtomFamily(KEY), makeIssue());
    navigate = vi.fn<(url: string) => void>();
    api = stubFetch({ [PROJECTS]: [project(1, 'g/p'), project(2, 'g/other'), project(3, 'g/old', true)] });
    answerMove(moved);
  });
  afterEach(() => issueAtomFamily.remove(KEY));

  const renderWidget = (editable = true) => renderWithStores(<MoveIssueWidget issueKey={KEY} projectPath="g/p" iid={1} editable={editable} navigate={navigate} />);

  it('confirms only with a chosen project of a positive id, and not while moving', () => {
    expect(canConfirmMove(null, false)).toBe(false);
    expect(canConfirmMove({ id: 0 }, false)).toBe(false);
    expect(canConfirmMove({ id: 5 }, false)).toBe(true);
    expect(canConfirmMove({ id: 5 }, true)).toBe(false);
  });

  it('lists other, live projects; Move is disabled until one is chosen, then moves and goes to the new issue', async () => {
    const answer = deferred();
    answerMove(answer.handler);
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
    expect(api.lastCall('POST /api/graphql').body.variables.input).toEqual({ projectPath: 'g/p', iid: '1', targetProjectPath: 'g/other' });
    answer.release(moved);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://x/g/other/-/issues/7'));
  });

  it('shows the move error and re-enables the button', async () => {
    answerMove({ data: { issueMove: { errors: ['Cannot move issue due to insufficient permissions!'], issue: null } } });
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
    api.on({ [PROJECTS]: jsonResponse({ message: 'no' }, { status: 500 }) });
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
