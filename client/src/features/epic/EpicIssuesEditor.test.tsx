import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ApiIssue } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { jsonResponse, stubFetch, type FetchStub } from '../../test/kit';
import { epicIssuesVersionAtomFamily, epicKey } from './epicAtoms';
import { EpicIssuesEditor } from './EpicIssuesEditor';
import { parseEpicIssueRef } from './epicQueries';

const KEY = epicKey('acme', 3);
const bump = () => appStore.set(epicIssuesVersionAtomFamily(KEY), (v) => v + 1);
const issue = { id: 501, iid: 7, title: 'Child work', state: 'opened', web_url: '/acme/tandem/-/issues/7', references: { full: 'acme/tandem#7' }, epic_issue_id: 44 } as unknown as ApiIssue & { epic_issue_id: number };

describe('EpicIssuesEditor', () => {
  let api: FetchStub;
  beforeEach(() => {
    appStore.set(epicIssuesVersionAtomFamily(KEY), 0);
    api = stubFetch({
      'GET /api/v4/projects/acme%2Ftandem/issues/9': { id: 900, iid: 9 },
      'POST /api/v4/groups/acme/epics/3/issues/900': { id: 45 },
      'DELETE /api/v4/groups/acme/epics/3/issues/44': { id: 44 },
    });
  });

  it('adds an issue by reference and removes one; the list refetches after each', async () => {
    render(<EpicIssuesEditor onChanged={bump} groupPath="acme" epicIid={3} issues={[issue]} editable />);
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Issue to add' }), { target: { value: 'acme/tandem#9' } });
    fireEvent.click(add);
    await waitFor(() => expect(appStore.get(epicIssuesVersionAtomFamily(KEY))).toBe(1));
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/v4/groups/acme/epics/3/issues/900');
    fireEvent.click(screen.getByRole('button', { name: 'Remove acme/tandem#7 from the epic' }));
    await waitFor(() => expect(appStore.get(epicIssuesVersionAtomFamily(KEY))).toBe(2));
  });

  it('a refused add says so; readers get no controls', async () => {
    api.on({ 'POST /api/v4/groups/acme/epics/3/issues/900': () => jsonResponse({ message: '403 Forbidden' }, { status: 403 }) });
    const { unmount } = render(<EpicIssuesEditor onChanged={bump} groupPath="acme" epicIid={3} issues={[issue]} editable />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Issue to add' }), { target: { value: 'http://x.org/acme/tandem/-/issues/9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/403 Forbidden|Something went wrong while assigning/);
    unmount();
    render(<EpicIssuesEditor onChanged={bump} groupPath="acme" epicIid={3} issues={[issue]} editable={false} />);
    expect(screen.queryByRole('textbox', { name: 'Issue to add' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('takes group/project#iid and issue URLs only', () => {
    expect(parseEpicIssueRef('acme/tandem#9')).toEqual({ projectPath: 'acme/tandem', iid: 9 });
    expect(parseEpicIssueRef('https://t.example/acme/sub/p/-/issues/12')).toEqual({ projectPath: 'acme/sub/p', iid: 12 });
    expect(parseEpicIssueRef('#9')).toBeNull();
    expect(parseEpicIssueRef('tandem 9')).toBeNull();
  });
});
