import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { IssueDescription } from './IssueDescription';
import { issueAtomFamily } from './issueAtoms';
import { makeIssue } from './testIssue';

const KEY = 'g/p#1';
const ENDPOINT = '/g/p/-/issues/1';
const DESCRIPTION = 'Steps:\n\n- [ ] first\n- [x] second';
// What the server renders (markdown.service): disabled boxes, each item naming its line
const HTML =
  '<p>Steps:</p><ul class="contains-task-list"><li class="task-list-item" data-sourcepos="3:1-3:1"><label class="task-list-item-label"><input class="task-list-item-checkbox" type="checkbox" disabled=""> first</label></li>' +
  '<li class="task-list-item" data-sourcepos="4:1-4:1"><label class="task-list-item-label"><input class="task-list-item-checkbox" type="checkbox" checked="" disabled=""> second</label></li></ul>';

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const boxes = () => screen.getAllByRole('checkbox') as HTMLInputElement[];

function renderDescription(canUpdate: boolean) {
  render(
    <Provider store={appStore}>
      <IssueDescription issueKey={KEY} endpoint={ENDPOINT} canUpdate={canUpdate} />
    </Provider>,
  );
}

describe('IssueDescription task lists', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ description: DESCRIPTION, description_html: HTML, lock_version: 4, task_completion_status: { count: 2, completed_count: 1 }, has_tasks: true }));
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    issueAtomFamily.remove(KEY);
  });

  it('keeps the checkboxes disabled for readers who may not update', () => {
    renderDescription(false);
    expect(boxes().every((b) => b.disabled)).toBe(true);
  });

  it('saves a toggle with the line it stands on and the lock version, then shows the new count', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, makeIssue({ description: DESCRIPTION.replace('- [ ] first', '- [x] first'), description_html: HTML.replace('type="checkbox" disabled', 'type="checkbox" checked="" disabled'), lock_version: 5, task_completion_status: { count: 2, completed_count: 2 } })),
    );
    renderDescription(true);
    expect(boxes()[0]!.disabled).toBe(false);
    fireEvent.click(boxes()[0]!);
    await waitFor(() => expect(screen.getByTestId('task-status').textContent).toContain(TEXTS.taskStatus(2, 2)));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${ENDPOINT}.json`);
    expect(JSON.parse(init.body as string)).toEqual({ lock_version: 4, update_task: { checked: true, line_number: 3, line_source: '- [ ] first' } });
  });

  it('on a version conflict shows the spec text, undoes the tick and loads the current description', async () => {
    const fresh = makeIssue({ description: 'changed', description_html: '<p>changed</p>', lock_version: 7, task_completion_status: { count: 0, completed_count: 0 } });
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { errors: ['stale'] })).mockResolvedValueOnce(jsonResponse(200, fresh));
    renderDescription(true);
    const box = boxes()[0]!;
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByTestId('task-list-error').textContent).toContain(TEXTS.taskListConflict('issue')));
    await waitFor(() => expect(screen.getByTestId('issue-description').textContent).toBe('changed'));
    expect(appStore.get(issueAtomFamily(KEY))!.lock_version).toBe(7);
  });
});
