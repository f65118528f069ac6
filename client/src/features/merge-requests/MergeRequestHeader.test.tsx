import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ABUSE_TEXTS, MERGE_REQUEST_TEXTS, type ApiMergeRequest, type MergeRequestPageData } from '@tandem/shared-types';
import { renderWithStores } from '../../test/kit';
import { testPermissions } from '../issue/testPermissions';
import { MergeRequestHeader } from './MergeRequestHeader';

const mr: Pick<ApiMergeRequest, 'iid' | 'title' | 'state'> = { iid: 3, title: 'Add search', state: 'opened' };
/** The page's flags as the server gives them: canReportAbuse to a signed-in reader who is not the author. */
const perms = (canReportAbuse: boolean): MergeRequestPageData['permissions'] => ({ ...testPermissions({ canReportAbuse }), canMerge: false, canApplySuggestions: false });

function renderHeader(canReportAbuse: boolean) {
  renderWithStores(<MergeRequestHeader mergeRequest={mr} projectPath="g/p" permissions={perms(canReportAbuse)} />);
}

describe('MergeRequestHeader', () => {
  it("offers Report abuse to a reader who is not the author, linking the form about the merge request's author", async () => {
    renderHeader(true);
    expect(screen.getByRole('heading', { name: 'Add search' })).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button', { name: MERGE_REQUEST_TEXTS.headerActions }), { button: 0, pointerType: 'mouse' });
    const item = await screen.findByRole('menuitem', { name: ABUSE_TEXTS.reportAbuse });
    expect(item.getAttribute('href')).toBe('/-/abuse_reports/new?project_path=g%2Fp&iid=3&noteable_type=MergeRequest');
  });

  it('offers nothing to the author (nor to a signed-out visitor): no menu at all', () => {
    renderHeader(false);
    expect(screen.getByTestId('mr-state').textContent).toBe('Open');
    expect(screen.queryByRole('button', { name: MERGE_REQUEST_TEXTS.headerActions })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: ABUSE_TEXTS.reportAbuse })).toBeNull();
  });
});
