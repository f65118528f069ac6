import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LIMITS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { IssueEditForm } from './IssueEditForm';
import { issueAtomFamily } from './issueAtoms';
import { makeIssue } from './testIssue';

const KEY = 'g/p#1';

describe('IssueEditForm description: the shared MarkdownEditor', () => {
  beforeEach(() => {
    localStorage.clear();
    appStore.set(issueAtomFamily(KEY), makeIssue({ description: 'Body', lock_version: 4 }));
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    issueAtomFamily.remove(KEY);
  });

  it('is the shared editor (zen mode) with the 1 MiB limit, and Escape in zen mode leaves zen without closing the form', () => {
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Provider store={appStore}>
          <IssueEditForm issueKey={KEY} projectPath="g/p" iid={1} endpoint="/g/p/-/issues/1" canDestroy={false} onClose={onClose} />
        </Provider>
      </QueryClientProvider>,
    );
    const box = screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    expect(box.maxLength).toBe(LIMITS.descriptionMaxLength);
    expect(screen.getByTestId('issue-description-editor').contains(box)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Go full screen' }));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Go full screen' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
