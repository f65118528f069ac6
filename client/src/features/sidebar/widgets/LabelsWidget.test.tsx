import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TAXONOMY_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { graphql, jsonResponse, renderWithStores, sequence, stubFetch, type FetchStub } from '../../../test/kit';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { LabelsWidget } from './LabelsWidget';
import { MilestoneWidget, milestoneTooltip } from './MilestoneWidget';
import { IterationWidget, ITERATION_SEARCH_DEBOUNCE_MS } from './IterationWidget';
import { SeverityWidget } from './SeverityWidget';

const KEY = 'g/p#1';
const ENDPOINT = '/g/p/-/issues/1';
const PROJECT = '/api/v4/projects/g%2Fp';
/** The project's labels: the widget's list and the colour lookup every label list makes on mount. */
const LABELS_GET = `GET ${PROJECT}/labels`;
const LABEL_CREATE = `POST ${PROJECT}/labels`;
const GRAPHQL = 'POST /api/graphql';
const SAVE = `PUT ${ENDPOINT}.json`;
const LABELS = [
  { id: 1, name: 'bug', color: '#dc143c', text_color: '#FFFFFF', description: null, is_project_label: true },
  { id: 2, name: 'priority::high', color: '#d9534f', text_color: '#FFFFFF', description: null, is_project_label: true },
  { id: 3, name: 'priority::low', color: '#5cb85c', text_color: '#FFFFFF', description: null, is_project_label: true },
];
const labelsUpdated = (titles: string[]) => ({ data: { updateIssue: { issue: { id: 'gid://tandem/Issue/1', labels: { nodes: titles.map((title) => ({ id: title, title })) } }, errors: [] } } });

function renderWidgets(editable = true) {
  renderWithStores(
    <>
      <LabelsWidget issueKey={KEY} projectPath="g/p" editable={editable} />
      <MilestoneWidget issueKey={KEY} endpoint={ENDPOINT} projectPath="g/p" editable={editable} />
      <IterationWidget issueKey={KEY} endpoint={ENDPOINT} projectPath="g/p" editable={editable} />
      <SeverityWidget issueKey={KEY} endpoint={ENDPOINT} projectPath="g/p" editable={editable} />
    </>,
  );
}

const labelsBlock = () => within(screen.getByTestId('sidebar-labels'));

describe('labels widget', () => {
  let api: FetchStub;
  beforeEach(() => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ labels: ['bug', 'priority::low'] }));
    api = stubFetch({
      'GET /-/labels/suggested_colors.json': { '#009966': 'Green-cyan', '#dc143c': 'Crimson' }, [LABELS_GET]: LABELS });
  });
  afterEach(() => {
    vi.useRealTimers();
    issueAtomFamily.remove(KEY);
  });

  it('shows a scoped label as key|value and reads without an Edit button for viewers', () => {
    renderWidgets(false);
    const scoped = labelsBlock().getAllByTestId('label-badge')[1]!;
    expect(scoped.getAttribute('data-label')).toBe('priority::low');
    expect(scoped.querySelector('.label-badge__key')!.textContent).toBe('priority');
    expect(scoped.querySelector('.label-badge__value')!.textContent).toBe('low');
    expect(scoped.textContent).toBe('priority::low');
    expect(labelsBlock().queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('a scoped label replaces its sibling, the button reads Apply, and Apply saves the difference through updateIssue', async () => {
    api.on({ [GRAPHQL]: graphql({ issueSetLabels: labelsUpdated(['bug', 'priority::high']) }) });
    renderWidgets();
    fireEvent.click(labelsBlock().getByRole('button', { name: 'Edit' }));
    fireEvent.click(await labelsBlock().findByRole('option', { name: /priority.*high/ }));
    expect(labelsBlock().getByTestId('labels-dropdown-text').textContent).toBe('bug +1 more');
    const options = labelsBlock().getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'true', 'false']);
    fireEvent.click(labelsBlock().getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(appStore.get(issueAtomFamily(KEY))!.labels).toEqual(['bug', 'priority::high']));
    expect(api.lastCall(GRAPHQL).body.variables.input).toMatchObject({ projectPath: 'g/p', iid: '1', addLabelIds: ['2'], removeLabelIds: ['3'] });
    expect(labelsBlock().queryByTestId('labels-dropdown')).toBeNull();
  });

  it('closes on Escape and saves nothing when unchanged; search filters', async () => {
    renderWidgets();
    fireEvent.click(labelsBlock().getByRole('button', { name: 'Edit' }));
    await labelsBlock().findAllByRole('option');
    fireEvent.change(labelsBlock().getByRole('combobox', { name: 'Search labels' }), { target: { value: 'prio' } });
    expect(labelsBlock().getAllByRole('option')).toHaveLength(2);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(labelsBlock().queryByTestId('labels-dropdown')).toBeNull();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('saves on an outside click; shows the spec text when the update fails', async () => {
    api.on({ [GRAPHQL]: graphql({ issueSetLabels: { data: { updateIssue: { issue: null, errors: ['nope'] } } } }) });
    renderWidgets();
    fireEvent.click(labelsBlock().getByRole('button', { name: 'Edit' }));
    fireEvent.click(await labelsBlock().findByRole('option', { name: /^bug$/ }));
    fireEvent.mouseDown(document.body);
    expect(await screen.findByText(`${TAXONOMY_TEXTS.labelsUpdateFailed} nope`)).toBeTruthy();
    expect(appStore.get(issueAtomFamily(KEY))!.labels).toEqual(['bug', 'priority::low']);
  });

  it('shows the fetch error', async () => {
    api.on({ [LABELS_GET]: jsonResponse({}, { status: 500 }) });
    renderWidgets();
    fireEvent.click(labelsBlock().getByRole('button', { name: 'Edit' }));
    expect(await labelsBlock().findByText(TAXONOMY_TEXTS.labelsFetchFailed)).toBeTruthy();
  });

  it('creates a label and selects it; a response without id is an error', async () => {
    api.on({
      [LABEL_CREATE]: sequence(
        jsonResponse({ name: 'odd' }, { status: 201 }),
        jsonResponse({ id: 9, name: 'perf', color: '#009966', text_color: '#FFFFFF', description: null, is_project_label: true }, { status: 201 }),
      ),
    });
    renderWidgets();
    fireEvent.click(labelsBlock().getByRole('button', { name: 'Edit' }));
    await labelsBlock().findAllByRole('option');
    fireEvent.click(labelsBlock().getByRole('button', { name: TAXONOMY_TEXTS.createLabel }));
    // The swatches are the server's suggested colours, the first one picked to start with
    await labelsBlock().findByRole('button', { name: 'Green-cyan (#009966)' });
    expect(labelsBlock().getByRole('button', { name: 'Crimson (#dc143c)' }).getAttribute('aria-pressed')).toBe('false');
    expect((labelsBlock().getByRole('textbox', { name: 'Label colour' }) as HTMLInputElement).value).toBe('#009966');
    fireEvent.change(labelsBlock().getByRole('textbox', { name: 'Label name' }), { target: { value: 'perf' } });
    fireEvent.click(labelsBlock().getByRole('button', { name: 'Create' }));
    expect(await labelsBlock().findByText(TAXONOMY_TEXTS.labelCreateFailed)).toBeTruthy();
    fireEvent.click(labelsBlock().getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(labelsBlock().getByTestId('labels-dropdown-text').textContent).toBe('bug +2 more'));
    expect(api.callsTo(LABEL_CREATE).map((c) => c.body)).toEqual([{ name: 'perf', color: '#009966' }, { name: 'perf', color: '#009966' }]);
    expect(labelsBlock().getByRole('button', { name: 'Apply' })).toBeTruthy();
  });
});

describe('milestone, iteration and severity widgets', () => {
  let api: FetchStub;
  beforeEach(() => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ milestone: null, iteration: null }));
    api = stubFetch({ [LABELS_GET]: [] });
  });
  afterEach(() => issueAtomFamily.remove(KEY));

  it('lists milestones expired last and by due date, and saves the choice through the page', async () => {
    const ms = [
      { id: 1, iid: 1, title: 'old', state: 'active', due_date: '2001-01-01', expired: true, web_url: '/m/1' },
      { id: 2, iid: 2, title: 'undated', state: 'active', due_date: null, expired: false, web_url: '/m/2' },
      { id: 3, iid: 3, title: 'late', state: 'active', due_date: '2999-06-01', expired: false, web_url: '/m/3' },
      { id: 4, iid: 4, title: 'soon', state: 'active', due_date: '2999-01-01', start_date: '2998-12-01', expired: false, web_url: '/m/4' },
    ];
    api.on({ [`GET ${PROJECT}/milestones?state=active&include_parent_milestones=true`]: ms, [SAVE]: makeIssue({ milestone: ms[3], lock_version: 5 }) });
    renderWidgets();
    const block = within(screen.getByTestId('sidebar-milestone'));
    fireEvent.click(block.getByRole('button', { name: 'Edit' }));
    await block.findByText('soon');
    expect(block.getAllByRole('option').map((o) => o.textContent!.replace(/(Due|Expired).*/, ''))).toEqual([TAXONOMY_TEXTS.noMilestone, 'soon', 'late', 'undated', 'old']);
    fireEvent.click(block.getByText('soon'));
    await waitFor(() => expect(block.getByTestId('milestone-value').textContent).toBe('soon'));
    expect(api.lastCall(SAVE).body).toEqual({ milestone_id: 4 });
    expect(block.getByTestId('milestone-value').getAttribute('title')).toBe('Start date: 1 Dec, 2998\nDue date: 1 Jan, 2999');
    expect(milestoneTooltip({ start_date: null, due_date: null })).toBe('No dates');
  });

  it('iteration search is debounced 250 ms; reselecting the current one sends nothing', async () => {
    const it1 = { id: 7, iid: 1, title: 'Sprint 2', state: 'current', start_date: '2026-01-05', due_date: '2026-01-18', web_url: '/i/7', iteration_cadence: { id: 1, title: 'Sprints' } };
    appStore.set(issueAtomFamily(KEY), makeIssue({ iteration: it1 as never }));
    const ITERATIONS = 'GET /api/v4/groups/g/iterations?state=opened&include_ancestors=true';
    api.on({ [ITERATIONS]: [it1] });
    const searches = () => api.callsTo(ITERATIONS).map((c) => c.query.get('search'));
    renderWidgets();
    const block = within(screen.getByTestId('sidebar-iteration'));
    expect(block.getByTestId('iteration-value').textContent).toContain('Sprints');
    expect(block.getByTestId('iteration-value').textContent).toContain('5 Jan, 2026 - 18 Jan, 2026');
    fireEvent.click(block.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(searches()).toEqual([null]));
    fireEvent.change(block.getByRole('combobox', { name: 'Search iterations' }), { target: { value: 'Spr' } });
    fireEvent.change(block.getByRole('combobox', { name: 'Search iterations' }), { target: { value: 'Sprint' } });
    await new Promise((r) => setTimeout(r, ITERATION_SEARCH_DEBOUNCE_MS - 100));
    expect(searches()).toEqual([null]);
    await waitFor(() => expect(searches()).toEqual([null, 'Sprint']));
    const options = await block.findAllByRole('option');
    fireEvent.click(options[1]!);
    expect(block.queryByTestId('iteration-dropdown')).toBeNull();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('severity saves through issueSetSeverity and shows the server value', async () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ issue_type: 'incident', type: 'INCIDENT', severity: 'UNKNOWN' }));
    api.on({
      [GRAPHQL]: graphql({
        issueSetSeverity: sequence({ data: { issueSetSeverity: { issue: { id: 'x', severity: 'HIGH' }, errors: [] } } }, { data: { issueSetSeverity: { issue: null, errors: ['can only be set on incidents'] } } }),
      }),
    });
    renderWidgets();
    fireEvent.change(screen.getByRole('combobox', { name: 'Severity' }), { target: { value: 'LOW' } });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Severity' }) as HTMLSelectElement).value).toBe('HIGH'));
    expect(api.lastCall(GRAPHQL).body.variables.input).toEqual({ projectPath: 'g/p', iid: '1', severity: 'LOW' });
    act(() => void fireEvent.change(screen.getByRole('combobox', { name: 'Severity' }), { target: { value: 'LOW' } }));
    expect(await screen.findByText(`${TAXONOMY_TEXTS.severityFailed} ${TAXONOMY_TEXTS.severityTryAgain} can only be set on incidents`)).toBeTruthy();
  });
});
