import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DISCUSSION_TEXTS, noteablePaths, type ApiNote, type IssuePermissions } from '@tandem/shared-types';
import { jsonResponse, stubFetch } from '../../test/kit';
import { DescriptionVersionCompare } from './DescriptionVersionCompare';
import { testPermissions } from '../issue/testPermissions';

const DESCRIPTION_VERSION_TEXTS = { compare: DISCUSSION_TEXTS.compareDescriptionVersion, remove: DISCUSSION_TEXTS.removeDescriptionHistory };
import { NotesContext, type NotesContextValue } from './NotesContext';

const paths = noteablePaths('g/p', 1, 10);
const perms = (over: Partial<IssuePermissions> = {}): IssuePermissions => testPermissions({ canAdmin: false, canCreateInternalNote: false, ...over });
const author = { id: 7, username: 'carol', name: 'Carol', state: 'active', locked: false, avatar_url: null, web_url: '', path: '/carol' };
const note = (over: Partial<ApiNote> = {}) => ({ id: '5', system: true, note: 'changed the description', note_html: 'changed the description', author, description_version_id: 3, start_description_version_id: 2, ...over }) as ApiNote;

function renderWith(n: ApiNote, p: IssuePermissions, currentUserId: number | null) {
  const ctx = { paths, permissions: p, currentUser: currentUserId === null ? null : { ...author, id: currentUserId } } as unknown as NotesContextValue;
  render(
    <NotesContext.Provider value={ctx}>
      <DescriptionVersionCompare note={n} />
    </NotesContext.Provider>,
  );
}

describe('DescriptionVersionCompare', () => {
  it('fetches the diff of the merged run once, shows it, and offers removal to the version author who may edit', async () => {
    const DIFF = `GET ${paths.descriptionDiff(30, 2)}`;
    const REMOVE = `DELETE ${paths.descriptionVersion(30)}?start_version_id=2`;
    const api = stubFetch({ [DIFF]: { diff: 'old <del class="idiff deletion">a</del><ins class="idiff addition">b</ins>' }, [REMOVE]: {} });
    renderWith(note({ id: '50', description_version_id: 30 }), perms(), 7);
    const toggle = screen.getByRole('button', { name: DESCRIPTION_VERSION_TEXTS.compare });
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('description-diff').innerHTML).toContain('<ins class="idiff addition">b</ins>'));
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    expect(api.callsTo(DIFF)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: DESCRIPTION_VERSION_TEXTS.remove }));
    await waitFor(() => expect(api.callsTo(REMOVE)).toHaveLength(1));
    expect(api.calls).toHaveLength(2);
  });

  it('shows the spec message when the diff cannot be fetched; no removal for another reader without admin', async () => {
    stubFetch({ [`GET ${paths.descriptionDiff(31, 2)}`]: jsonResponse({}, { status: 500 }) });
    renderWith(note({ id: '51', description_version_id: 31 }), perms({ canAdmin: false }), 99);
    fireEvent.click(screen.getByRole('button', { name: DESCRIPTION_VERSION_TEXTS.compare }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DISCUSSION_TEXTS.descriptionChangesFetchFailed));
    expect(screen.queryByRole('button', { name: DESCRIPTION_VERSION_TEXTS.remove })).toBeNull();
  });

  it('is absent for other system notes and once the version was removed', () => {
    renderWith(note({ description_version_id: null }), perms(), 7);
    renderWith(note({ description_version_deleted: true }), perms(), 7);
    expect(screen.queryByRole('button', { name: DESCRIPTION_VERSION_TEXTS.compare })).toBeNull();
  });
});
