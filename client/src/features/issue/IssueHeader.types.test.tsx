import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { appStore } from '../../shared/store';
import { issueAtomFamily } from './issueAtoms';
import { makeIssue } from './testIssue';
import { testPermissions } from './testPermissions';
import { IssueHeader } from './IssueHeader';

const KEY = 'g/p#1';
const perms = testPermissions({ canPromoteToEpic: true });

function renderHeader() {
  render(
    <Provider store={appStore}>
      <IssueHeader issueKey={KEY} endpoint="/g/p/-/issues/1" permissions={perms} stateBusy={false} sidebarOpen={false} onToggleState={() => {}} onToggleSidebar={() => {}} onCopyReference={() => {}} />
    </Provider>,
  );
}

describe('IssueHeader issue types', () => {
  afterEach(() => {
    cleanup();
    issueAtomFamily.remove(KEY);
  });

  it('labels a test case and an incident; a plain issue has no type badge', () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ issue_type: 'test_case', type: 'TEST_CASE' }));
    renderHeader();
    expect(screen.getByTestId('issue-type-badge').textContent).toContain('Test case');
    cleanup();
    appStore.set(issueAtomFamily(KEY), makeIssue({ issue_type: 'incident', type: 'INCIDENT' }));
    renderHeader();
    expect(screen.getByTestId('issue-type-badge').textContent).toContain('Incident');
    cleanup();
    appStore.set(issueAtomFamily(KEY), makeIssue({ issue_type: 'issue', type: 'ISSUE' }));
    renderHeader();
    expect(screen.queryByTestId('issue-type-badge')).toBeNull();
  });
});
