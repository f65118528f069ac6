import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { jsonResponse, renderWithStores, stubFetch } from '../../test/kit';
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

const boxes = () => screen.getAllByRole('checkbox') as HTMLInputElement[];

const renderDescription = (canUpdate: boolean) => renderWithStores(<IssueDescription issueKey={KEY} endpoint={ENDPOINT} canUpdate={canUpdate} />);

describe('IssueDescription task lists', () => {
  beforeEach(() => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ description: DESCRIPTION, description_html: HTML, lock_version: 4, task_completion_status: { count: 2, completed_count: 1 }, has_tasks: true }));
  });
  afterEach(() => issueAtomFamily.remove(KEY));

  it('keeps the checkboxes disabled for readers who may not update', () => {
    renderDescription(false);
    expect(boxes().every((b) => b.disabled)).toBe(true);
  });

  it('saves a toggle with the line it stands on and the lock version, then shows the new count', async () => {
    const api = stubFetch({
      [`PUT ${ENDPOINT}.json`]: makeIssue({ description: DESCRIPTION.replace('- [ ] first', '- [x] first'), description_html: HTML.replace('type="checkbox" disabled', 'type="checkbox" checked="" disabled'), lock_version: 5, task_completion_status: { count: 2, completed_count: 2 } }),
    });
    renderDescription(true);
    expect(boxes()[0]!.disabled).toBe(false);
    fireEvent.click(boxes()[0]!);
    await waitFor(() => expect(screen.getByTestId('task-status').textContent).toContain(TEXTS.taskStatus(2, 2)));
    expect(api.lastCall(`PUT ${ENDPOINT}.json`).body).toEqual({ lock_version: 4, update_task: { checked: true, line_number: 3, line_source: '- [ ] first' } });
  });

  it('on a version conflict shows the spec text, undoes the tick and loads the current description', async () => {
    const fresh = makeIssue({ description: 'changed', description_html: '<p>changed</p>', lock_version: 7, task_completion_status: { count: 0, completed_count: 0 } });
    stubFetch({ [`PUT ${ENDPOINT}.json`]: jsonResponse({ errors: ['stale'] }, { status: 409 }), [`GET ${ENDPOINT}.json`]: fresh });
    renderDescription(true);
    const box = boxes()[0]!;
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByTestId('task-list-error').textContent).toContain(TEXTS.taskListConflict('issue')));
    await waitFor(() => expect(screen.getByTestId('issue-description').textContent).toBe('changed'));
    expect(appStore.get(issueAtomFamily(KEY))!.lock_version).toBe(7);
  });
});
