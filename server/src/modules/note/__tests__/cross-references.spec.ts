import { describe, expect, it } from 'vitest';
import { crossReferencesOf, referenceBaseOfStream } from '../cross-references';
import { escapeMarkdown, systemNotes } from '../system-notes';
import { commitMentionNote } from '../../merge-request/actions/commit-mentions';

const onIssue = { projectPath: 'acme/tandem' };
const refs = (body: string, base: { projectPath?: string; groupPath?: string } = onIssue, system = true) => crossReferencesOf({ system, note: body }, base);

describe('crossReferencesOf', () => {
  it('reads the issue every related-issue and move note names, short references from the note’s project', () => {
    for (const t of ['relates_to', 'blocks', 'is_blocked_by'] as const) {
      expect(refs(systemNotes.relatedIssue(t, '#4').body)).toEqual([{ kind: 'issue', path: 'acme/tandem', iid: 4 }]);
      expect(refs(systemNotes.relatedIssue(t, 'acme/platform/secret-plans#1').body)).toEqual([{ kind: 'issue', path: 'acme/platform/secret-plans', iid: 1 }]);
    }
    expect(refs(systemNotes.unrelatedIssue('other/p#9').body)).toEqual([{ kind: 'issue', path: 'other/p', iid: 9 }]);
    expect(refs(systemNotes.movedTo('acme/new-home#3').body)).toEqual([{ kind: 'issue', path: 'acme/new-home', iid: 3 }]);
    expect(refs(systemNotes.movedFrom('acme/tandem#7').body)).toEqual([{ kind: 'issue', path: 'acme/tandem', iid: 7 }]);
  });

  it('reads the epic of an issue’s epic notes (short ones in the project’s group) and the issue of an epic’s', () => {
    expect(refs(systemNotes.epicAdded('&3').body)).toEqual([{ kind: 'epic', path: 'acme', iid: 3 }]);
    expect(refs(systemNotes.epicChanged('acme/platform&2').body)).toEqual([{ kind: 'epic', path: 'acme/platform', iid: 2 }]);
    expect(refs(systemNotes.epicRemoved('&5').body)).toEqual([{ kind: 'epic', path: 'acme', iid: 5 }]);
    expect(refs(systemNotes.promotedToEpic('&6').body)).toEqual([{ kind: 'epic', path: 'acme', iid: 6 }]);
    const onEpic = referenceBaseOfStream('groups/acme');
    expect(onEpic).toEqual({ groupPath: 'acme' });
    expect(refs(systemNotes.epicIssueAdded('acme/tandem#4').body, onEpic)).toEqual([{ kind: 'issue', path: 'acme/tandem', iid: 4 }]);
    expect(refs(systemNotes.epicIssueRemoved('acme/tandem#4').body, onEpic)).toEqual([{ kind: 'issue', path: 'acme/tandem', iid: 4 }]);
    expect(refs(systemNotes.epicPromotedFrom('acme/tandem#8').body, onEpic)).toEqual([{ kind: 'issue', path: 'acme/tandem', iid: 8 }]);
    // a short issue reference on an epic has no project to resolve in: an empty path, never readable
    expect(refs('added issue #4', onEpic)).toEqual([{ kind: 'issue', path: '', iid: 4 }]);
  });

  it('names nothing in other notes: comments, and user text inside system notes', () => {
    expect(refs('marked this issue as related to #4', onIssue, false)).toEqual([]);
    expect(refs(systemNotes.titleChanged('moved to #4', 'marked this issue as related to acme/x#1').body)).toEqual([]);
    expect(refs(systemNotes.taskToggled('added issue acme/tandem#4', true).body)).toEqual([]);
    expect(refs(systemNotes.milestone({ title: 'v1' }).body)).toEqual([]);
    expect(refs(`moved to ${escapeMarkdown('#4')}`)).toEqual([]);
    expect(refs('marked this issue as related to #4 and more')).toEqual([]);
  });
});

describe('merge request cross-references', () => {
  it('reads the merge request a "mentioned in" or "closed via" note names, short ones in the issue’s project', () => {
    const base = { projectPath: 'acme/tandem' };
    expect(crossReferencesOf({ system: true, note: 'mentioned in merge request !3' }, base)).toEqual([{ kind: 'merge_request', path: 'acme/tandem', iid: 3 }]);
    expect(crossReferencesOf({ system: true, note: 'closed via merge request acme/platform/secret-plans!2' }, base)).toEqual([{ kind: 'merge_request', path: 'acme/platform/secret-plans', iid: 2 }]);
    expect(crossReferencesOf({ system: false, note: 'mentioned in merge request !3' }, base)).toEqual([]);
  });
});

describe('commit cross-references', () => {
  it('reads the project of the commit a "mentioned in commit" note names: the issue’s own for a short sha', () => {
    const base = { projectPath: 'acme/tandem' };
    const sha = '0123456789abcdef0123456789abcdef01234567';
    expect(commitMentionNote('acme/tandem', 'acme/tandem', sha).body).toBe('mentioned in commit 01234567');
    expect(commitMentionNote('acme/platform/secret-plans', 'acme/tandem', sha).body).toBe('mentioned in commit acme/platform/secret-plans@01234567');
    expect(crossReferencesOf({ system: true, note: commitMentionNote('acme/tandem', 'ACME/tandem', sha).body }, base)).toEqual([{ kind: 'commit', path: 'acme/tandem', iid: 0 }]);
    expect(crossReferencesOf({ system: true, note: commitMentionNote('acme/platform/secret-plans', 'acme/tandem', sha).body }, base)).toEqual([
      { kind: 'commit', path: 'acme/platform/secret-plans', iid: 0 },
    ]);
    expect(crossReferencesOf({ system: false, note: 'mentioned in commit 01234567' }, base)).toEqual([]);
    expect(crossReferencesOf({ system: true, note: 'mentioned in commit 01234567 and more' }, base)).toEqual([]);
  });
});
