import type { UserBasic } from '@tandem/shared-types';
import type { MarkdownService } from '../../core/markdown/markdown.service';
import type { Tx } from '../../core/realtime/event-log.service';
import { returnedRows } from '../../core/database/returned-rows';
import { issueNoteable } from '../issue/issue-context';
import type { Issue } from '../issue/issue.entity';
import { writeSystemNotes } from '../note/note-writer';
import { systemNotes } from '../note/system-notes';
import type { Project } from '../project/project.entity';

export interface StatusPageChangeEnv {
  markdown: MarkdownService;
  publicUrl: string;
}

/**
 * An incident put on (url) or taken off (null) the status page, in the caller's transaction: the
 * system note and the live `issue.status_page` event that pins or clears the link on open pages.
 */
export async function recordStatusPageChange(tx: Tx, env: StatusPageChangeEnv, issue: Issue, project: Project, author: UserBasic, url: string | null): Promise<void> {
  const noteable = issueNoteable(issue, project);
  await writeSystemNotes(tx, env, noteable, project.id, author, [systemNotes.statusPagePublished(url !== null)], project.fullPath);
  tx.recordLater(noteable, 'issue.status_page', { published_incident_url: url }, author);
}

/**
 * Takes an incident off the status page in the caller's transaction (the issue row locked):
 * its row, then its note and event. False when it was not published (nothing written).
 * Unpublishing by hand and making the incident confidential both come here.
 */
export async function removePublishedIncident(tx: Tx, env: StatusPageChangeEnv, issue: Issue, project: Project, author: UserBasic): Promise<boolean> {
  const gone = returnedRows(await tx.manager.query('DELETE FROM status_page_published_incidents WHERE issue_id = $1 RETURNING issue_id', [issue.id]));
  if (!gone.length) return false;
  await recordStatusPageChange(tx, env, issue, project, author, null);
  return true;
}
