import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FILE_EDIT_TEXTS } from '@tandem/shared-types';
import { AppLayout, projectCrumbs } from '../features/layout/AppLayout';
import { BlobEditForm } from '../features/repository/blob-edit/BlobEditForm';
import { loadEditableBlob, type EditableBlob } from '../features/repository/blob-edit/blobEditApi';
import { Alert } from '../shared/ui/Alert';
import { NotFoundPage } from './NotFoundPage';

type Load = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'loaded'; blob: EditableBlob };

/**
 * /{project…}/-/edit/{branch}/{path} (GitLab's blob edit page). From a merge request
 * (`?from_merge_request_iid=N`, and `merge_request_project` when the branch is a fork's) a commit
 * returns to that merge request's changes; otherwise the page says it was committed and goes on
 * from the new version.
 */
export function BlobEditPage({ projectPath, refAndPath, search }: { projectPath: string; refAndPath: string; search: string }) {
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const fromIid = /^\d+$/.test(params.get('from_merge_request_iid') ?? '') ? Number(params.get('from_merge_request_iid')) : null;
  const mrProject = params.get('merge_request_project') || projectPath;
  const mergeRequestPath = fromIid ? `/${mrProject}/-/merge_requests/${fromIid}/diffs` : null;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [committed, setCommitted] = useState(0);
  useEffect(() => {
    let live = true;
    loadEditableBlob(projectPath, refAndPath).then(
      (blob) => live && setLoad(blob ? { kind: 'loaded', blob } : { kind: 'missing' }),
      () => live && setLoad({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [projectPath, refAndPath]);
  useEffect(() => {
    document.title = `${FILE_EDIT_TEXTS.pageTitle} · ${projectPath} · Tandem`;
  }, [projectPath]);
  if (load.kind === 'missing') return <NotFoundPage />;
  const onCommitted = (branch: string) => {
    if (mergeRequestPath) {
      navigate(mergeRequestPath);
      return;
    }
    // The new version is the base of the next commit (its last_commit_id), on the branch committed to
    const path = load.kind === 'loaded' ? load.blob.path : '';
    void loadEditableBlob(projectPath, `${branch}/${path}`).then((blob) => {
      if (blob) setLoad({ kind: 'loaded', blob });
      setCommitted((n) => n + 1);
      navigate(`/${projectPath}/-/edit/${branch}/${path}`, { replace: true });
    });
  };
  return (
    <AppLayout crumbs={[...projectCrumbs(projectPath), { label: FILE_EDIT_TEXTS.pageTitle }]}>
      <h1 className="page-title">{FILE_EDIT_TEXTS.pageTitle}</h1>
      {committed > 0 && (
        <Alert variant="success" testId="blob-edit-committed">
          {FILE_EDIT_TEXTS.committed}
        </Alert>
      )}
      {load.kind === 'loading' && <p aria-busy="true">Loading…</p>}
      {load.kind === 'failed' && <Alert variant="danger">{FILE_EDIT_TEXTS.loadFailed}</Alert>}
      {load.kind === 'loaded' && load.blob.content === null && <Alert variant="warning">{FILE_EDIT_TEXTS.notText}</Alert>}
      {load.kind === 'loaded' && load.blob.content !== null && (
        <BlobEditForm key={`${load.blob.ref}:${load.blob.lastCommitId}`} projectPath={projectPath} blob={{ ...load.blob, content: load.blob.content }} cancelHref={mergeRequestPath ?? `/${projectPath}`} onCommitted={onCommitted} />
      )}
    </AppLayout>
  );
}
