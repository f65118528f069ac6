import { useEffect, type ReactElement } from 'react';
import { useLocation } from 'react-router';
import { CVE_TEXTS, PERMISSIONS_HELP_PATH, PERMISSIONS_HELP_TEXTS } from '@tandem/shared-types';
import { RolePermissionsTable } from '../features/invite-members/RolePermissionsTable';
import { AppLayout } from '../features/layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';

/** The in-app help pages (static, docs-like), by path under /help. */
const PAGES: Record<string, { title: string; body: () => ReactElement }> = {
  'user/application_security/cve_id_request': {
    title: 'CVE ID requests',
    body: () => (
      <>
        <p>
          A CVE identifier names a publicly known vulnerability, so that advisories, scanners and package managers can all refer to it. Maintainers of a project can ask the security team for
          one from the vulnerability&apos;s confidential issue.
        </p>
        <h2>Who can request a CVE ID</h2>
        <p>Maintainers and owners of the project. The request block appears in the sidebar of confidential issues only, when the CVE ID request feature is turned on for this instance.</p>
        <h2>How to request one</h2>
        <ol>
          <li>Make sure the issue describing the vulnerability is confidential.</li>
          <li>
            In the issue sidebar, under <strong>{CVE_TEXTS.title}</strong>, select <strong>{CVE_TEXTS.button}</strong>.
          </li>
          <li>A new confidential issue opens in the security-advisory project, prefilled with a reference to your issue. Fill in the affected and fixed versions, the impact and the weakness (CWE), and submit it.</li>
          <li>The security team reviews the request, assigns the CVE ID in that issue and publishes the advisory once a fix is released.</li>
        </ol>
        <h2>What to include</h2>
        <ul>
          <li>The versions that are affected and the versions that contain the fix.</li>
          <li>What an attacker can do, and under which conditions.</li>
          <li>Who found the vulnerability, if they want to be credited.</li>
        </ul>
        <p>Keep details out of public issues and merge requests until the advisory is published.</p>
      </>
    ),
  },
  // The invite modal's 'Read more about role permissions' (GitLab's help path user/permissions)
  [PERMISSIONS_HELP_PATH.replace(/^\/help\//, '')]: {
    title: PERMISSIONS_HELP_TEXTS.title,
    body: () => <RolePermissionsTable />,
  },
};

/** /help/{page}: an in-app help page; unknown pages are "not found". */
export function HelpPage() {
  const { pathname } = useLocation();
  const page = PAGES[pathname.replace(/^\/help\/?/, '').replace(/\/$/, '')];
  useEffect(() => {
    if (page) document.title = `${page.title} · Help · Tandem`;
  }, [page]);
  if (!page) return <NotFoundPage />;
  return (
    <AppLayout crumbs={[{ label: 'Help' }, { label: page.title }]}>
      <article className="help-page" data-testid="help-page">
        <h1 className="page-title">{page.title}</h1>
        {page.body()}
      </article>
    </AppLayout>
  );
}
