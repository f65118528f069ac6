import { describe, expect, it } from 'vitest';
import { discussionResolved, type ApiNote } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { groupByDiscussion, toApiDiscussion } from '../discussion.mapper';
import { parseIdempotencyKey, validateNoteBody } from '../note-body';

const note = (over: Partial<ApiNote>): ApiNote =>
  ({
    id: '1',
    type: 'DiscussionNote',
    note: 'x',
    body: 'x',
    note_html: '<p>x</p>',
    author: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    last_edited_at: null,
    last_edited_by: null,
    system: false,
    system_note_icon_name: null,
    noteable_id: 7,
    noteable_type: 'Issue',
    noteable_iid: 3,
    noteable_note_url: 'http://x/acme/tandem/-/issues/3#note_1',
    project_id: 1,
    discussion_id: 'a'.repeat(40),
    individual_note: false,
    internal: false,
    confidential: false,
    resolvable: true,
    resolved: false,
    resolved_at: null,
    resolved_by: null,
    emoji_awardable: true,
    ...over,
  }) as ApiNote;

describe('discussionResolved (the one resolve rule, spec §4)', () => {
  it('is resolved only when every resolvable note is', () => {
    expect(discussionResolved([note({ resolved: true }), note({ resolved: false })])).toBe(false);
    expect(discussionResolved([note({ resolved: true }), note({ resolved: true })])).toBe(true);
  });
  it('ignores notes that cannot be resolved, and a discussion without any is not resolved', () => {
    expect(discussionResolved([note({ resolved: true }), note({ resolvable: false, resolved: false })])).toBe(true);
    expect(discussionResolved([note({ resolvable: false, resolved: false })])).toBe(false);
    expect(discussionResolved([])).toBe(false);
  });
});

describe('toApiDiscussion', () => {
  const place = { type: 'Issue' as const, projectPath: 'acme/tandem', projectId: 1, iid: 3, issueId: 7 };
  it('an individual comment', () => {
    const d = toApiDiscussion([note({ type: null, resolvable: false, individual_note: true })], place);
    expect(d).toMatchObject({ id: 'a'.repeat(40), reply_id: 'a'.repeat(40), individual_note: true, resolvable: false, resolved: false, expanded: true });
    expect(d.resolve_path).toBe(`/acme/tandem/-/issues/3/discussions/${'a'.repeat(40)}/resolve`);
    expect(d.discussion_path).toBe(`/acme/tandem/-/issues/3/discussions/${'a'.repeat(40)}`);
  });
  it("an epic's discussion has the epic's paths", () => {
    const d = toApiDiscussion([note({ type: null, resolvable: false, individual_note: true })], { type: 'Epic', projectPath: 'acme', projectId: null, iid: 2, issueId: 9 });
    expect(d.project_id).toBeNull();
    expect(d.resolve_path).toBe(`/groups/acme/-/epics/2/discussions/${'a'.repeat(40)}/resolve`);
  });
  it('a resolved thread names its last resolver and collapses', () => {
    const bob = { id: 2, username: 'bob', name: 'Bob', state: 'active', locked: false, avatar_url: null, web_url: 'http://x/bob' };
    const carol = { ...bob, id: 3, username: 'carol' };
    const d = toApiDiscussion(
      [note({ id: '1', resolved: true, resolved_at: '2026-01-02T00:00:00.000Z', resolved_by: bob }), note({ id: '2', resolved: true, resolved_at: '2026-01-03T00:00:00.000Z', resolved_by: carol })],
      place,
    );
    expect(d).toMatchObject({ individual_note: false, resolved: true, expanded: false, resolved_at: '2026-01-03T00:00:00.000Z', resolved_by: { username: 'carol' } });
  });
  it('groups notes by discussion in first-seen order', () => {
    const g = groupByDiscussion([{ discussion_id: 'b', n: 1 }, { discussion_id: 'a', n: 2 }, { discussion_id: 'b', n: 3 }]);
    expect(g.map((x) => x.map((y) => y.n))).toEqual([[1, 3], [2]]);
  });
});

describe('note body and Idempotency-Key validation', () => {
  it("refuses blank and whitespace bodies as can't be blank", () => {
    for (const b of ['', '   ', '\n\t', undefined, null]) {
      try {
        validateNoteBody(b);
        expect.unreachable();
      } catch (e) {
        expect((e as ValidationError).fields).toEqual({ note: ["can't be blank"] });
      }
    }
    expect(validateNoteBody(' ok ')).toBe(' ok ');
  });
  it('takes keys of 1..128 visible characters', () => {
    expect(parseIdempotencyKey(undefined)).toBeNull();
    expect(parseIdempotencyKey('a'.repeat(128))).toBe('a'.repeat(128));
    expect(() => parseIdempotencyKey('a'.repeat(129))).toThrow(ValidationError);
    expect(() => parseIdempotencyKey('')).toThrow(ValidationError);
    expect(() => parseIdempotencyKey('has space')).toThrow(ValidationError);
  });
});
