import { abuseReportPath, type ApiDiscussion, type ApiNote } from '@tandem/shared-types';
import { discussionOfNote } from './discussionRules';

export const alice = { id: 1, username: 'alice', name: 'Alice Adams', state: 'active', locked: false, avatar_url: null, web_url: '/alice', path: '/alice' };
export const bob = { id: 2, username: 'bob', name: 'Bob Brown', state: 'active', locked: false, avatar_url: null, web_url: '/bob', path: '/bob' };

/** A complete ApiNote for unit tests. */
export function makeNote(over: Partial<ApiNote> = {}): ApiNote {
  const id = over.id ?? '1';
  return {
    id,
    type: null,
    note: `note ${id}`,
    body: `note ${id}`,
    note_html: `<p>note ${id}</p>`,
    author: alice,
    created_at: `2026-01-01T00:00:0${id.slice(-1)}.000Z`,
    updated_at: '2026-01-01T00:00:00.000Z',
    last_edited_at: null,
    last_edited_by: null,
    system: false,
    system_note_icon_name: null,
    noteable_id: 100,
    noteable_type: 'Issue',
    noteable_iid: 1,
    noteable_note_url: `/g/p/-/issues/1#note_${id}`,
    // As the server sends it: an issue's comment has one; a system note and an epic's note none
    report_abuse_path: over.system || over.noteable_type === 'Epic' ? null : abuseReportPath('g/p', 1, 'Issue', id),
    project_id: 1,
    discussion_id: over.discussion_id ?? `d${id}`,
    individual_note: true,
    internal: false,
    confidential: false,
    resolvable: false,
    resolved: false,
    resolved_at: null,
    resolved_by: null,
    emoji_awardable: true,
    ...over,
  };
}

/** A thread of notes (the first note's discussion id). */
export function makeThread(notes: ApiNote[]): ApiDiscussion {
  const d = discussionOfNote(notes[0]!);
  return { ...d, individual_note: false, notes, resolvable: notes.some((n) => n.resolvable) };
}
