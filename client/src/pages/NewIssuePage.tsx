import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { ACCESS_LEVEL, signInPath } from '@tandem/shared-types';
import { AppLayout, projectCrumbs } from '../features/layout/AppLayout';
import { NewIssueForm } from '../features/issue-new/NewIssueForm';
import { useProject } from '../features/projects/projectQueries';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { appStore } from '../shared/store';
import { NotFoundPage } from './NotFoundPage';

/** GitLab's prefill parameters: issue[title], issue[description], issue[confidential] (the CVE ID request opens this page with them). */
export function prefillFrom(search: URLSearchParams): { title: string; description: string; confidential: boolean } {
  return { title: search.get('issue[title]') ?? '', description: search.get('issue[description]') ?? '', confidential: search.get('issue[confidential]') === 'true' };
}

/** /{project}/-/issues/new: signed-in users who can see the project report an issue. */
export function NewIssuePage({ projectPath }: { projectPath: string }) {
  const search = new URLSearchParams(window.location.search);
  const user = useAtomValue(currentUserAtom, { store: appStore });
  const projectQuery = useProject(projectPath);
  const project = projectQuery.data;

  useEffect(() => {
    if (!user) window.location.assign(signInPath(`/${projectPath}/-/issues/new`));
  }, [user, projectPath]);
  useEffect(() => {
    if (project) document.title = `New issue · ${project.name_with_namespace} · Tandem`;
  }, [project]);

  if (!user) return null;
  if (project === null || projectQuery.isError) return <NotFoundPage />;
  const access = Math.max(project?.permissions?.project_access?.access_level ?? 0, project?.permissions?.group_access?.access_level ?? 0);
  const canSetMetadata = user.is_admin || access >= ACCESS_LEVEL.REPORTER;
  const listUrl = `/${projectPath}/-/issues`;
  return (
    <AppLayout crumbs={[...projectCrumbs(projectPath, project?.name), { label: 'Issues', href: listUrl }, { label: 'New' }]}>
      {project && <NewIssueForm projectPath={projectPath} canSetMetadata={canSetMetadata} initialIssueType={search.get('issue_type') === 'incident' ? 'incident' : 'issue'} initialTemplate={search.get('issuable_template')} initial={prefillFrom(search)} onCreated={(url) => window.location.assign(url)} onCancel={() => window.location.assign(listUrl)} />}
    </AppLayout>
  );
}
