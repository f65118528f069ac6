import { ABUSE_TEXTS } from '@tandem/shared-types';
import { AbuseReportList } from '../features/abuse/AbuseReportList';
import { AppLayout } from '../features/layout/AppLayout';

/** /admin/abuse_reports: what users reported (admins). */
export function AdminAbuseReportsPage() {
  return (
    <AppLayout crumbs={[{ label: 'Admin' }, { label: ABUSE_TEXTS.adminTitle }]}>
      <h1>{ABUSE_TEXTS.adminTitle}</h1>
      <AbuseReportList />
    </AppLayout>
  );
}
