import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { appStore } from '../../shared/store';
import { renderWithStores } from '../../test/kit';
import { issueAtomFamily } from './issueAtoms';
import { makeIssue } from './testIssue';
import { testPermissions } from './testPermissions';
import { IssueHeader } from './IssueHeader';

const KEY = 'g/p#1';
const perms = testPermissions({ canPromoteToEpic: true });

function renderHeader() {
  renderWithStores(<IssueHeader issueKey={KEY} endpoint="/g/p/-/issues/1" permissions={perms} stateBusy={false} sidebarOpen={false} onToggleState={() => {}} onToggleSidebar={() => {}} onCopyReference={() => {}} />);
}

describe('IssueHeader issue types', () => {
  afterEach(() => issueAtomFamily.remove(KEY));

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
