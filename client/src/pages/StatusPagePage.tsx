import { useEffect } from 'react';
import { STATUS_PAGE_TEXTS } from '@tandem/shared-types';
import { AppLayout } from '../features/layout/AppLayout';
import { StatusPage } from '../features/status-page/StatusPage';

/** /-/status_page/{project}: the project's public status page. */
export function StatusPagePage({ projectPath }: { projectPath: string }) {
  useEffect(() => {
    document.title = `${STATUS_PAGE_TEXTS.pageTitle(projectPath)} · Tandem`;
  }, [projectPath]);
  return (
    <AppLayout crumbs={[{ label: STATUS_PAGE_TEXTS.pageTitle(projectPath) }]}>
      <StatusPage projectPath={projectPath} />
    </AppLayout>
  );
}
