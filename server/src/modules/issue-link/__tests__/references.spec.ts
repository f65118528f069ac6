import { describe, expect, it } from 'vitest';
import { systemNotes } from '../../note/system-notes';
import { referenceFrom } from '../issue-link.mapper';
import { parseIssueReference, splitReferences } from '../references';

const HERE = 'acme/tandem';
const URL_BASE = 'https://tandem.example.com';

describe('related-issue references', () => {
  it('splits on whitespace, drops empty pieces, prefixes digits with # and removes duplicates (spec §5)', () => {
    expect(splitReferences(['#1  2', '', ' acme/x#3\n#1', '2'])).toEqual(['#1', '#2', 'acme/x#3']);
    expect(splitReferences(['   '])).toEqual([]);
  });

  it.each([
    ['#12', { projectPath: HERE, iid: 12 }],
    ['12', { projectPath: HERE, iid: 12 }],
    ['acme/platform/secret-plans#3', { projectPath: 'acme/platform/secret-plans', iid: 3 }],
    [`${URL_BASE}/acme/tandem/-/issues/7`, { projectPath: 'acme/tandem', iid: 7 }],
    [`${URL_BASE}/acme/tandem/issues/7#note_5`, { projectPath: 'acme/tandem', iid: 7 }],
    ['/acme/other/-/issues/9', { projectPath: 'acme/other', iid: 9 }],
  ])('%s names an issue', (raw, want) => {
    expect(parseIssueReference(raw, HERE, URL_BASE)).toEqual({ raw, ...want });
  });

  it.each(['#0', '#', 'gibberish', 'acme#1', 'https://elsewhere.example.com/acme/tandem/-/issues/7', `${URL_BASE}/acme/tandem/-/merge_requests/7`, '#12345678901', 'javascript:alert(1)'])(
    '%s names none',
    (raw) => {
      expect(parseIssueReference(raw, HERE, URL_BASE)).toBeNull();
    },
  );

  it('refers to the other issue as #iid in the same project, by full reference elsewhere', () => {
    expect(referenceFrom('acme/tandem', 'ACME/Tandem', 4)).toBe('#4');
    expect(referenceFrom('acme/tandem', 'acme/other', 4)).toBe('acme/other#4');
  });

  it("words the system notes as GitLab's relate/unrelate notes", () => {
    expect(systemNotes.relatedIssue('relates_to', '#12').body).toBe('marked this issue as related to #12');
    expect(systemNotes.relatedIssue('blocks', '#12').body).toBe('marked this issue as blocking #12');
    expect(systemNotes.relatedIssue('is_blocked_by', 'acme/x#12').body).toBe('marked this issue as blocked by acme/x#12');
    expect(systemNotes.unrelatedIssue('#12').body).toBe('removed the relation with #12');
  });
});
