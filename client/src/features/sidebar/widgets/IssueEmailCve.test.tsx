import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { CVE_TEXTS, ISSUE_EMAIL_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { renderWithStores } from '../../../test/kit';
import { issueAtomFamily, updateIssueAtom } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { prefillFrom } from '../../../pages/NewIssuePage';
import { CveRequestWidget } from './CveRequestWidget';
import { IssueEmailWidget } from './IssueEmailWidget';

const KEY = 'g/p#1';

describe('IssueEmailWidget', () => {

  it('shows the address with a copy button only when incoming mail is configured (page data createNoteEmail)', () => {
    const { rerender } = render(<IssueEmailWidget address="incoming+g-p-7-abcdefghijklmnopqrstuvwxyz-issue-1@mail.example.com" />);
    expect(screen.getByRole('heading', { name: ISSUE_EMAIL_TEXTS.title })).toBeTruthy();
    expect(screen.getByTestId('issue-email-address').textContent).toBe('incoming+g-p-7-abcdefghijklmnopqrstuvwxyz-issue-1@mail.example.com');
    expect(screen.getByRole('button', { name: ISSUE_EMAIL_TEXTS.copy })).toBeTruthy();
    rerender(<IssueEmailWidget address={null} />);
    expect(screen.queryByTestId('sidebar-issue-email')).toBeNull();
    rerender(<IssueEmailWidget address={undefined} />);
    expect(screen.queryByTestId('sidebar-issue-email')).toBeNull();
  });
});

describe('CveRequestWidget', () => {
  const cve = { newIssuePath: '/sec/advisories/-/issues/new?issue%5Btitle%5D=x&issue%5Bconfidential%5D=true', helpPath: '/help/user/application_security/cve_id_request' };
  beforeEach(() => appStore.set(issueAtomFamily(KEY), makeIssue({ confidential: true })));
  afterEach(() => issueAtomFamily.remove(KEY));
  const renderWidget = (c: typeof cve | null) =>
    renderWithStores(<CveRequestWidget issueKey={KEY} cveRequest={c} />);

  it('on a confidential issue: the button opens the prefilled advisory issue in a new tab, the link the help page', () => {
    renderWidget(cve);
    const button = screen.getByRole('link', { name: CVE_TEXTS.button });
    expect(button.getAttribute('href')).toBe(cve.newIssuePath);
    expect(button.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: CVE_TEXTS.helpLink }).getAttribute('href')).toBe(cve.helpPath);
  });

  it('is absent when the page gives no request (flag off, not configured, not a maintainer) and follows confidentiality live', () => {
    renderWidget(null);
    expect(screen.queryByTestId('sidebar-cve-request')).toBeNull();
    cleanup();
    renderWidget(cve);
    expect(screen.getByTestId('sidebar-cve-request')).toBeTruthy();
    act(() => updateIssueAtom(appStore, KEY, (i) => ({ ...i, confidential: false })));
    expect(screen.queryByTestId('sidebar-cve-request')).toBeNull();
  });

  it("the New issue page reads GitLab's prefill parameters", () => {
    expect(prefillFrom(new URLSearchParams('issue[title]=T&issue[description]=D&issue[confidential]=true'))).toEqual({ title: 'T', description: 'D', confidential: true });
    expect(prefillFrom(new URLSearchParams(''))).toEqual({ title: '', description: '', confidential: false });
  });
});
