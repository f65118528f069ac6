import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';

/** Where a moved issue went: its id, its full reference and its page. */
export interface MovedTo {
  id: number;
  reference: string;
  webUrl: string;
}

/**
 * A move's mark on the original (actions/move-issue.ts): moved_to_id, the "moved to" note and
 * the link in the event; the move closes it in the same write. Not a request parameter.
 */
export const movedToField: IssueField<'movedTo'> = {
  key: 'movedTo',
  params: {},
  read: () => undefined,
  ability: () => 'admin_issue',
  plan: (to, cur) =>
    cur.movedToId === to.id
      ? null
      : { set: { movedToId: to.id }, notes: [systemNotes.movedTo(to.reference)], eventFields: { moved_to_id: to.id, moved_to_web_url: to.webUrl } },
};

/** The copy's "moved from" note: a note only, nothing of the row changes. Not a request parameter. */
export const movedFromField: IssueField<'movedFrom'> = {
  key: 'movedFrom',
  params: {},
  read: () => undefined,
  ability: () => 'update_issue',
  write: async (ref) => ({ notes: [systemNotes.movedFrom(ref)], events: [] }),
};
