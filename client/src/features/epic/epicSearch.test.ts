import { describe, expect, it } from 'vitest';
import { searchEpics, type EpicOption } from './epicSearch';

const epic = (iid: number, title: string, group = 'acme'): EpicOption => ({
  id: `gid://tandem/Epic/${iid + 100}`,
  iid: String(iid),
  title,
  reference: `&${iid}`,
  webUrl: `http://localhost/groups/${group}/-/epics/${iid}`,
});
const EPICS = [epic(1, 'Launch v2'), epic(2, 'Billing overhaul'), epic(12, 'Mobile launch'), epic(3, 'Platform work', 'acme/platform')];

describe('searchEpics', () => {
  it('an empty or blank term keeps every epic in order', () => {
    expect(searchEpics(EPICS, '').map((e) => e.iid)).toEqual(['1', '2', '12', '3']);
    expect(searchEpics(EPICS, '   ').map((e) => e.iid)).toEqual(['1', '2', '12', '3']);
  });

  it('a numeric term matches the iid exactly (not titles or other iids containing it)', () => {
    expect(searchEpics(EPICS, '1').map((e) => e.iid)).toEqual(['1']);
    expect(searchEpics(EPICS, ' 12 ').map((e) => e.iid)).toEqual(['12']);
    expect(searchEpics(EPICS, '99')).toEqual([]);
  });

  it('otherwise fuzzy-matches the title, with typos, best match first', () => {
    expect(searchEpics(EPICS, 'launch').map((e) => e.iid).sort()).toEqual(['1', '12']);
    expect(searchEpics(EPICS, 'biling').map((e) => e.title)).toEqual(['Billing overhaul']);
    expect(searchEpics(EPICS, 'zzzz')).toEqual([]);
  });

  it('matches the reference and the url', () => {
    expect(searchEpics(EPICS, '&2')[0]!.title).toBe('Billing overhaul');
    expect(searchEpics(EPICS, 'acme/platform')[0]!.title).toBe('Platform work');
  });
});
