import { writeSystemNotes } from '../../note/note-writer';
import { systemNotes } from '../../note/system-notes';
import { returnedRows } from '../../../core/database/returned-rows';
import { issueNoteable } from '../issue-context';
import type { IssueField } from './issue-field';
import { boolParam } from './params';

export const confidentialField: IssueField<'confidential'> = {
  key: 'confidential',
  params: { confidential: boolParam() },
  read: (p) => p.confidential as boolean | undefined,
  ability: () => 'admin_issue',
  plan: (confidential, cur) => (confidential === cur.confidential ? null : { set: { confidential }, notes: [systemNotes.confidentiality(confidential)] }),
  // An incident made confidential leaves the status page in the same transaction (GitLab's
  // StatusPage::TriggerPublishService unpublishes it): its note, and the pinned link gone live
  afterWrite: async (fresh, previous, tx, { env, project }) => {
    if (!fresh.confidential || !previous || previous.confidential) return;
    const gone = returnedRows(await tx.manager.query('DELETE FROM status_page_published_incidents WHERE issue_id = $1 RETURNING issue_id', [fresh.id]));
    if (!gone.length) return;
    const noteable = issueNoteable(fresh, project);
    await writeSystemNotes(tx, { markdown: env.markdown, publicUrl: env.publicUrl }, noteable, project.id, env.actorBasic, [systemNotes.statusPagePublished(false)], project.fullPath);
    tx.recordLater(noteable, 'issue.status_page', { published_incident_url: null }, env.actorBasic);
  },
  event: (i) => ({ confidential: i.confidential }),
};
