import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderWithStores, stubFetch, testQueryClient } from '../../test/kit';
import { issueListKeys } from './issueListQueries';
import { OpenIssueCount } from './OpenIssueCount';

describe('OpenIssueCount', () => {
  it('shows the page\'s count, and reads it again when the project\'s issue reads go stale (a close moves it by one)', async () => {
    const api = stubFetch({ 'GET /api/v4/projects/g%2Fp/issues?state=opened&per_page=1': jsonResponse([{}], { headers: { 'x-total': '4' } }) });
    const queryClient = testQueryClient();
    renderWithStores(<OpenIssueCount projectPath="g/p" initial={5} />, { queryClient });
    expect(screen.getByTestId('nav-issue-count').textContent).toBe('5');
    expect(api.calls).toHaveLength(0);
    // what a live issue.updated (state closed) or a project change does
    await act(() => queryClient.invalidateQueries({ queryKey: issueListKeys.project('g/p') }));
    await waitFor(() => expect(screen.getByTestId('nav-issue-count').textContent).toBe('4'));
  });
});
