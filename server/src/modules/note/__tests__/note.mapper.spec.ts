import { describe, expect, it } from 'vitest';
import { abuseReportPath, type UserBasic } from '@tandem/shared-types';
import { noteablePageUrl, noteablePlace, toApiNote, userIdsOf, type NoteRecord } from '../note.mapper';

const user = (id: number, username: string): UserBasic => ({
  id, username, name: username.toUpperCase(), state: 'active', locked: false, avatar_url: null, web_url: `http://t.test/${username}`,
});
const alice = user(1, 'alice');
const bob = user(2, 'bob');
const carol = user(3, 'carol');

const base: NoteRecord = {
  id: 41,
  noteableType: 'Issue',
  noteableId: 500,
  projectId: 9,
  authorId: 1,
  note: 'Looks **good**',
  noteHtml: '<p>Looks <strong>good</strong></p>\n',
  type: null,
  discussionId: 'a'.repeat(40),
  system: false,
  systemNoteIconName: null,
  internal: false,
  resolvable: false,
  resolvedAt: null,
  resolvedById: null,
  lastEditedAt: null,
  updatedById: null,
  createdAt: new Date('2026-01-02T03:04:05.678Z'),
  updatedAt: new Date('2026-01-02T03:04:05.678Z'),
};
const ctx = { ...noteablePlace('http://t.test', { type: 'Issue', id: 500, ref: { id: 500, iid: 12, project_path: 'acme/tandem' } }), users: new Map([[1, alice], [2, bob], [3, carol]]) };

describe('toApiNote', () => {
  it('gives a comment in the page note shape (string id, note and body, author path, permalink)', () => {
    expect(toApiNote(base, ctx)).toEqual({
      id: '41',
      type: null,
      note: 'Looks **good**',
      body: 'Looks **good**',
      note_html: '<p>Looks <strong>good</strong></p>\n',
      author: { ...alice, path: '/alice' },
      created_at: '2026-01-02T03:04:05.678Z',
      updated_at: '2026-01-02T03:04:05.678Z',
      last_edited_at: null,
      last_edited_by: null,
      system: false,
      system_note_icon_name: null,
      noteable_id: 500,
      noteable_type: 'Issue',
      noteable_iid: 12,
      noteable_note_url: 'http://t.test/acme/tandem/-/issues/12#note_41',
      report_abuse_path: '/-/abuse_reports/new?project_path=acme%2Ftandem&iid=12&note_id=41',
      project_id: 9,
      discussion_id: 'a'.repeat(40),
      individual_note: true,
      internal: false,
      confidential: false,
      resolvable: false,
      resolved: false,
      resolved_at: null,
      resolved_by: null,
      emoji_awardable: true,
    });
  });

  it('carries current_user only when given one viewer', () => {
    const cu = { can_edit: true, can_award_emoji: true, can_resolve: false, can_resolve_discussion: false };
    expect(toApiNote(base, ctx, cu).current_user).toEqual(cu);
    expect('current_user' in toApiNote(base, ctx)).toBe(false);
  });

  it('shows a thread note edited and resolved, with who did it', () => {
    const n: NoteRecord = {
      ...base, type: 'DiscussionNote', resolvable: true, resolvedAt: new Date('2026-01-03T00:00:00Z'), resolvedById: 3,
      lastEditedAt: new Date('2026-01-02T10:00:00Z'), updatedById: 2, internal: true,
    };
    expect(toApiNote(n, ctx)).toMatchObject({
      type: 'DiscussionNote', individual_note: false, resolvable: true, resolved: true, resolved_at: '2026-01-03T00:00:00.000Z', resolved_by: carol,
      last_edited_at: '2026-01-02T10:00:00.000Z', last_edited_by: bob, internal: true, confidential: true,
    });
  });

  it('shows a system note with its icon and no reactions; a deleted author is null', () => {
    const n: NoteRecord = { ...base, system: true, systemNoteIconName: 'issue-close', note: 'closed', noteHtml: '<p>closed</p>\n', authorId: null };
    expect(toApiNote(n, ctx)).toMatchObject({ system: true, system_note_icon_name: 'issue-close', emoji_awardable: false, author: null, report_abuse_path: null });
    // no one to report: a system note, or a deleted user's comment
    expect(toApiNote({ ...n, authorId: 1 }, ctx).report_abuse_path).toBeNull();
    expect(toApiNote({ ...base, authorId: null }, ctx).report_abuse_path).toBeNull();
    // a comment never shows an icon, whatever is stored
    expect(toApiNote({ ...base, systemNoteIconName: 'lock' }, ctx).system_note_icon_name).toBeNull();
  });

  it('names each user a page of notes needs once', () => {
    const edited = { ...base, id: 2, lastEditedAt: new Date(), updatedById: 2 };
    const resolved = { ...base, id: 3, authorId: 2, resolvedAt: new Date(), resolvedById: 3 };
    const unedited = { ...base, id: 4, updatedById: 3 };
    expect(userIdsOf([base, edited, resolved, unedited]).sort()).toEqual([1, 2, 3]);
    expect(userIdsOf([{ ...base, authorId: null }])).toEqual([]);
  });
});

describe('noteablePlace', () => {
  it("gives a comment the Report abuse path of its noteable's paths: an issue's, a merge request's (named), none on an epic", () => {
    const of = (type: 'Issue' | 'MergeRequest' | 'Epic', project_path: string) => noteablePlace('http://t.test', { type, id: 7, ref: { id: 7, iid: 5, project_path } });
    expect(of('Issue', 'acme/tandem').reportAbuse!(41)).toBe(abuseReportPath('acme/tandem', 5, 'Issue', 41));
    expect(of('MergeRequest', 'acme/tandem/-/merge_requests').reportAbuse!(41)).toBe('/-/abuse_reports/new?project_path=acme%2Ftandem&iid=5&noteable_type=MergeRequest&note_id=41');
    expect(of('Epic', 'groups/acme').reportAbuse).toBeNull();
    // a write completes a new note's path with its id, as its permalink (abuseReportPath puts note_id last)
    expect(`${of('MergeRequest', 'acme/tandem/-/merge_requests').reportAbuse!('')}41`).toBe(of('MergeRequest', 'acme/tandem/-/merge_requests').reportAbuse!(41));
  });
});

describe('noteablePageUrl', () => {
  it('points at the noteable page of each type', () => {
    const ref = { iid: 5, project_path: 'acme/tandem' };
    expect(noteablePageUrl('http://t.test', { type: 'Issue', ref })).toBe('http://t.test/acme/tandem/-/issues/5');
    // A merge request's ref names its stream path (mergeRequestStreamPath), as an epic's names `groups/<group>`
    expect(noteablePageUrl('http://t.test', { type: 'MergeRequest', ref: { iid: 5, project_path: 'acme/tandem/-/merge_requests' } })).toBe('http://t.test/acme/tandem/-/merge_requests/5');
    expect(noteablePageUrl('http://t.test', { type: 'Epic', ref: { iid: 5, project_path: 'groups/acme' } })).toBe('http://t.test/groups/acme/-/epics/5');
  });
});
