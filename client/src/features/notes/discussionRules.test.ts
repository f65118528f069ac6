import { describe, expect, it } from 'vitest';
import { NOTES_FILTER } from '@tandem/shared-types';
import { discussionResolved } from '@tandem/shared-types';
import { discussionOfNote, lastOwnNote, nextUnresolved, quoteText, removeNote, resolveCounts, upsertNote, visibleDiscussions } from './discussionRules';
import { bob, makeNote, makeThread } from './testNotes';

const comment = makeNote({ id: '1' });
const system = makeNote({ id: '2', system: true, note_html: '<p>changed the title</p>', system_note_icon_name: 'pencil' });
const threadRoot = makeNote({ id: '3', discussion_id: 'T', individual_note: false, type: 'DiscussionNote', resolvable: true });
const list = [discussionOfNote(comment), discussionOfNote(system), makeThread([threadRoot])];

describe('upsertNote', () => {
  it('adds a new note as its own discussion, and adding it again changes nothing', () => {
    const n = makeNote({ id: '5' });
    const once = upsertNote(list, n);
    expect(once).toHaveLength(4);
    expect(upsertNote(once, n)).toEqual(once);
  });

  it("a note arriving without its author's role keeps the role the page knows for that author; a note with one keeps its own", () => {
    const known = [discussionOfNote(makeNote({ id: '1', human_access: 'Maintainer' }))];
    // a resolve by someone else re-sends the note without the role; polling sends new ones without
    const resent = upsertNote(known, makeNote({ id: '1', note: 'edited' }));
    expect(resent[0]!.notes[0]!.human_access).toBe('Maintainer');
    expect(upsertNote(known, makeNote({ id: '7' })).find((d) => d.notes[0]!.id === '7')!.notes[0]!.human_access).toBe('Maintainer');
    expect(upsertNote(known, makeNote({ id: '8', author: bob })).find((d) => d.notes[0]!.id === '8')!.notes[0]!.human_access).toBeUndefined();
    expect(upsertNote(known, makeNote({ id: '1', human_access: null }))[0]!.notes[0]!.human_access).toBeNull();
  });

  it("keeps a note's Contributor badge when someone else's event re-sends it; the author's own event says for itself", () => {
    const known = [discussionOfNote(makeNote({ id: '1', is_contributor: true }))];
    // bob resolves it: the event carries neither the author's role nor the badge
    expect(upsertNote(known, makeNote({ id: '1', resolved: true }))[0]!.notes[0]!.is_contributor).toBe(true);
    // the author's own edit carries the role and, when it applies, the badge
    expect(upsertNote(known, makeNote({ id: '1', human_access: null, is_contributor: true }))[0]!.notes[0]!.is_contributor).toBe(true);
    expect(upsertNote(known, makeNote({ id: '1', human_access: null }))[0]!.notes[0]!.is_contributor).toBeUndefined();
  });

  it('puts a reply in its thread, in time order, once', () => {
    const reply = makeNote({ id: '4', discussion_id: 'T', individual_note: false, author: bob, resolvable: true });
    const once = upsertNote(list, reply);
    const twice = upsertNote(once, reply);
    expect(twice).toEqual(once);
    expect(once.find((d) => d.id === 'T')!.notes.map((n) => n.id)).toEqual(['3', '4']);
  });

  it('turns an individual note into a thread when a reply arrives', () => {
    const reply = makeNote({ id: '6', discussion_id: 'd1', individual_note: false });
    expect(upsertNote(list, reply).find((d) => d.id === 'd1')!.individual_note).toBe(false);
  });

  it('replaces an edited note and keeps the viewer flags a broadcast event lacks', () => {
    const withFlags = upsertNote(list, { ...comment, current_user: { can_edit: true, can_award_emoji: true, can_resolve: false, can_resolve_discussion: false } });
    const edited = upsertNote(withFlags, { ...comment, note: 'new', note_html: '<p>new</p>' });
    const n = edited.find((d) => d.id === 'd1')!.notes[0]!;
    expect(n.note_html).toBe('<p>new</p>');
    expect(n.current_user?.can_edit).toBe(true);
  });

  it('derives resolved from the notes: every resolvable note resolved', () => {
    const resolved = upsertNote(list, { ...threadRoot, resolved: true, resolved_by: bob });
    const t = resolved.find((d) => d.id === 'T')!;
    expect(t.resolved).toBe(true);
    expect(t.resolved_by?.name).toBe('Bob Brown');
    expect(discussionResolved([threadRoot, { ...threadRoot, id: '9', resolved: true }])).toBe(false);
  });
});

describe('removeNote', () => {
  it('removes the note and the discussion it leaves empty; removing again changes nothing', () => {
    const once = removeNote(list, '1');
    expect(once.map((d) => d.id)).toEqual(['d2', 'T']);
    expect(removeNote(once, '1')).toBe(once);
  });
});

describe('visibleDiscussions', () => {
  it('filters comments only and history only', () => {
    expect(visibleDiscussions(list, { filter: NOTES_FILTER.comments, sort: 'asc', timeline: false }).map((d) => d.id)).toEqual(['d1', 'T']);
    expect(visibleDiscussions(list, { filter: NOTES_FILTER.history, sort: 'asc', timeline: false }).map((d) => d.id)).toEqual(['d2']);
  });

  it('sorts by when a discussion started, oldest or newest first', () => {
    expect(visibleDiscussions(list, { filter: NOTES_FILTER.all, sort: 'asc', timeline: false }).map((d) => d.id)).toEqual(['d1', 'd2', 'T']);
    expect(visibleDiscussions(list, { filter: NOTES_FILTER.all, sort: 'desc', timeline: false }).map((d) => d.id)).toEqual(['T', 'd2', 'd1']);
  });

  it('timeline view splits threads into single notes, newest first', () => {
    const withReply = upsertNote(list, makeNote({ id: '4', discussion_id: 'T', individual_note: false }));
    const shown = visibleDiscussions(withReply, { filter: NOTES_FILTER.all, sort: 'asc', timeline: true });
    expect(shown.map((d) => d.notes[0]!.id)).toEqual(['4', '3', '2', '1']);
    expect(shown.every((d) => d.notes.length === 1 && d.individual_note)).toBe(true);
  });
});

describe('threads and shortcuts', () => {
  it('counts resolvable threads and finds the next unresolved one, wrapping round', () => {
    const t2 = makeThread([makeNote({ id: '7', discussion_id: 'U', individual_note: false, resolvable: true })]);
    const all = [...list, t2];
    expect(resolveCounts(all)).toEqual({ resolved: 0, total: 2 });
    expect(nextUnresolved(all, null)?.id).toBe('T');
    expect(nextUnresolved(all, 'T')?.id).toBe('U');
    expect(nextUnresolved(all, 'U')?.id).toBe('T');
  });

  it("finds the viewer's last own non-system note", () => {
    expect(lastOwnNote(list, 1)?.id).toBe('3');
    expect(lastOwnNote(list, 2)).toBeNull();
  });

  it('quotes selected text line by line', () => {
    expect(quoteText('a\nb')).toBe('> a\n> b\n\n');
    expect(quoteText('  ')).toBe('');
  });
});
