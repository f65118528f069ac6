import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { appStore } from '../../shared/store';
import { IssueEditForm } from './IssueEditForm';
import { issueAtomFamily } from './issueAtoms';
import { makeIssue } from './testIssue';
import { renderWithStores, stubFetch } from '../../test/kit';

const KEY = 'g/p#1';

describe('IssueEditForm description: the shared MarkdownEditor', () => {
  beforeEach(() => {
    localStorage.clear();
    appStore.set(issueAtomFamily(KEY), makeIssue({ description: 'Body', lock_version: 4 }));
    // whatever the editor asks for (autocomplete sources, templates): nothing to offer
    stubFetch({ 'GET /*': [] });
  });
  afterEach(() => {
    issueAtomFamily.remove(KEY);
  });

  it('is the shared editor (zen mode), never cuts a long description (the limit is checked on save), and Escape in zen mode leaves zen without closing the form', () => {
    const onClose = vi.fn();
    renderWithStores(<IssueEditForm issueKey={KEY} projectPath="g/p" iid={1} endpoint="/g/p/-/issues/1" canDestroy={false} onClose={onClose} />);
    const box = screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    // no maxLength: a pasted description over LIMITS.descriptionMaxLength is kept whole and refused on save (IssueEditForm.test.tsx)
    expect(box.maxLength).toBe(-1);
    expect(screen.getByTestId('issue-description-editor').contains(box)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Go full screen' }));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Go full screen' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
