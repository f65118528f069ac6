import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithStores, stubFetch } from '../../test/kit';
import { FilteredSearch } from './FilteredSearch';
import { parseSort, tokensFromUrl, tokensToRest, tokensToUrl, type FilterToken } from './filterTokens';

describe('filter tokens', () => {
  const tokens: FilterToken[] = [
    { type: 'label', operator: '=', value: 'bug' },
    { type: 'label', operator: '=', value: 'ui' },
    { type: 'label', operator: '!=', value: 'wontfix' },
    { type: 'assignee', operator: '=', value: 'bob' },
    { type: 'assignee', operator: '!=', value: 'None' },
    { type: 'milestone', operator: '=', value: 'Upcoming' },
    { type: 'iteration', operator: '=', value: 'Current' },
    { type: 'weight', operator: '!=', value: '3' },
    { type: 'type', operator: '!=', value: 'incident' },
  ];

  it('go to the URL and back unchanged (a filtered list can be linked)', () => {
    const sp = new URLSearchParams();
    tokensToUrl(tokens, sp);
    expect(sp.getAll('label_name[]')).toEqual(['bug', 'ui']);
    expect(sp.getAll('not[label_name][]')).toEqual(['wontfix']);
    expect(tokensFromUrl(new URLSearchParams(sp.toString()))).toEqual(expect.arrayContaining(tokens));
    expect(tokensFromUrl(new URLSearchParams(sp.toString()))).toHaveLength(tokens.length);
  });

  it('become GitLab REST list parameters, not[...] included', () => {
    const q = new URLSearchParams();
    tokensToRest(tokens, q);
    expect(Object.fromEntries(q)).toEqual({
      labels: 'bug,ui',
      'not[labels]': 'wontfix',
      'assignee_username[]': 'bob',
      'not[assignee_id]': 'None',
      milestone: 'Upcoming',
      iteration_id: 'Current',
      'not[weight]': '3',
      'not[issue_type]': 'incident',
    });
  });

  it('sorts read from the URL fall back to created date, newest first', () => {
    expect(parseSort('due_date_asc')).toEqual({ key: 'due_date', direction: 'asc' });
    expect(parseSort('updated_asc')).toEqual({ key: 'updated_desc', direction: 'asc' });
    expect(parseSort('nonsense')).toEqual({ key: 'created_date', direction: 'desc' });
  });
});

describe('FilteredSearch', () => {
  it('builds a token with the keyboard: type, then "is not", then a value from the project', async () => {
    const api = stubFetch({ 'GET /api/v4/projects/:id/labels': [{ name: 'bug' }, { name: 'ui' }] });
    const onChange = vi.fn();
    renderWithStores(<FilteredSearch projectPath="acme/tandem" tokens={[]} search="" onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Search or filter results' });
    const key = (...keys: string[]) => keys.forEach((k) => fireEvent.keyDown(box, { key: k }));
    const options = () => screen.getAllByRole('option').map((o) => o.textContent);
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'lab' } });
    expect(options()).toEqual(['Label']);
    key('ArrowDown', 'Enter');
    expect(screen.getByTestId('pending-token').textContent).toContain('Label');
    expect(options()).toEqual(['is', 'is not']);
    key('ArrowDown', 'ArrowDown', 'Enter');
    await waitFor(() => expect(options()).toEqual(['None', 'Any', 'bug', 'ui']), { timeout: 10_000 });
    key('ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter');
    expect(onChange).toHaveBeenLastCalledWith([{ type: 'label', operator: '!=', value: 'bug' }], '');
    expect(api.callsTo('GET /api/v4/projects/:id/labels').length).toBeGreaterThan(0);
  }, 20_000);

  it('Enter on free text searches; Escape closes the listbox; a token is removed by its button', async () => {
    const onChange = vi.fn();
    const tokens: FilterToken[] = [{ type: 'milestone', operator: '=', value: 'Started' }];
    renderWithStores(<FilteredSearch projectPath="acme/tandem" tokens={tokens} search="" onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Search or filter results' });
    fireEvent.focus(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(box, { target: { value: 'checkout' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(tokens, 'checkout');
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Milestone is Started' }));
    expect(onChange).toHaveBeenLastCalledWith([], '');
  });

  it('offers "is not" for the type token', () => {
    renderWithStores(<FilteredSearch projectPath="acme/tandem" tokens={[]} search="" onChange={vi.fn()} />);
    const box = screen.getByRole('combobox', { name: 'Search or filter results' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'type' } });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['is', 'is not']);
  });

  it('an epic token opened from the URL keeps the id and shows the epic\'s title', async () => {
    const api = stubFetch({ 'GET /api/v4/groups/:id/epics': [{ id: 41, iid: 2, title: 'Other epic' }, { id: 42, iid: 3, title: 'Checkout redesign' }] });
    const onChange = vi.fn();
    const tokens: FilterToken[] = [{ type: 'epic', operator: '!=', value: '42' }];
    const sp = new URLSearchParams();
    tokensToUrl(tokens, sp);
    expect(sp.toString()).toBe('not%5Bepic_id%5D=42');
    renderWithStores(<FilteredSearch projectPath="acme/tandem" tokens={tokens} search="" onChange={onChange} />);
    await waitFor(() => expect(screen.getByTestId('filter-token').textContent).toBe('Epic is not &3 Checkout redesign'));
    expect(api.callsTo('GET /api/v4/groups/:id/epics').length).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Epic is not &3 Checkout redesign' }));
    expect(onChange).toHaveBeenLastCalledWith([], '');
  });
});
