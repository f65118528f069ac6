import { ABUSE_TEXTS } from '@tandem/shared-types';
import { AbuseReportForm } from '../features/abuse/AbuseReportForm';
import { AppLayout } from '../features/layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';

/**
 * /-/abuse_reports/new?project_path=...&iid=...[&noteable_type=MergeRequest][&note_id=...] (abuseReportPath):
 * the Report abuse form (about the or the merge request's author, or a comment's on either).
 */
export function AbuseReportPage() {
  const q = new URLSearchParams(window.location.search);
  const projectPath = q.get('project_path');
  const iid = Number(q.get('iid'));
  const noteId = q.has('note_id') ? Number(q.get('note_id')) : undefined;
  const type = q.get('noteable_type') ?? 'Issue';
  const bad = type !== 'Issue' && type !== 'MergeRequest';
  if (!projectPath || bad || !Number.isSafeInteger(iid) || iid < 1 || (noteId !== undefined && (!Number.isSafeInteger(noteId) || noteId < 1))) return <NotFoundPage />;
  return (
    <AppLayout crumbs={[{ label: ABUSE_TEXTS.formTitle }]}>
      <h1>{ABUSE_TEXTS.formTitle}</h1>
      <AbuseReportForm projectPath={projectPath} iid={iid} noteId={noteId} mergeRequest={type === 'MergeRequest'} />
    </AppLayout>
  );
}
