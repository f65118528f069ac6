import { describe, expect, it } from 'vitest';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import { isSimpleSystemNote, renderSystemNoteHtml } from '../system-note-html';
import { systemNotes } from '../system-notes';

const md = new MarkdownService();
const PROJECT = 'acme/tandem';
const u = (username: string) => ({ username });

const TITLES = [
  'Seen by the next poll', 'Fix it.', "Don't crash", 'Why?', 'v2.0 release-notes', 'Ship it!', '1. first', '42',
  'Crash in #12', 'Use `code`', 'a_b_c', '_x_', 'Ping @bob', 'See https://example.com', ':tada: party', '<script>x</script>',
  'Tom & Jerry', '~bug fix', '%v1 milestone', '(wip) thing', 'line\nbreak', '**bold**', 'a  b', ' lead', 'trail ', '- list', '"quoted"',
];
const TEXTS = [
  ...TITLES.flatMap((t) => [systemNotes.titleChanged(t, 'Plain title'), systemNotes.titleChanged('Plain title', t)]),
  systemNotes.descriptionChanged(), systemNotes.closed(), systemNotes.reopened(),
  systemNotes.confidentiality(true), systemNotes.confidentiality(false),
  systemNotes.discussionLock(true), systemNotes.discussionLock(false),
  systemNotes.dueDate('2031-01-15'), systemNotes.dueDate(null),
  systemNotes.movedTo('acme/platform/secret-plans#3'), systemNotes.movedFrom('acme/tandem#12'),
  systemNotes.assignees([u('bob')], []), systemNotes.assignees([], [u('carol')]),
  systemNotes.assignees([u('bob'), u('carol.d'), u('dan-e')], [u('erin'), u('f')]),
  systemNotes.assignees([u('under_score')], [u('_lead')]),
];

describe('system note HTML', () => {
  it('is exactly what the markdown pipeline renders, for every system-note text', () => {
    for (const t of TEXTS) expect({ body: t.body, html: renderSystemNoteHtml(t.body, md, PROJECT) }).toEqual({ body: t.body, html: md.render(t.body, { projectPath: PROJECT }) });
  });

  it('words a move as GitLab does', () => {
    expect(systemNotes.movedTo('acme/platform/secret-plans#3').body).toBe('moved to acme/platform/secret-plans#3');
    expect(systemNotes.movedFrom('acme/tandem#12').body).toBe('moved from acme/tandem#12');
  });

  it('takes the fast path for the everyday texts, and the pipeline for references, code, emoji and markup', () => {
    expect(isSimpleSystemNote(systemNotes.closed().body)).toBe(true);
    expect(isSimpleSystemNote(systemNotes.titleChanged('Seen by the next poll', 'Fix it.').body)).toBe(true);
    expect(isSimpleSystemNote(systemNotes.assignees([u('bob'), u('carol.d'), u('dan-e')], [u('erin')]).body)).toBe(true);
    expect(isSimpleSystemNote(systemNotes.dueDate('2031-01-15').body)).toBe(true);
    for (const t of ['Crash in #12', 'Use `code`', ':tada: party', '<script>x</script>', 'a_b_c', 'Tom & Jerry'])
      expect({ t, simple: isSimpleSystemNote(systemNotes.titleChanged(t, 'x').body) }).toEqual({ t, simple: false });
  });

  it('agrees with the pipeline on random text made of the characters the fast path accepts', () => {
    // A fixed-seed generator: the same strings on every run
    let seed = 12345;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pieces = ['a', 'Z', '7', ' ', '**', '@', '@bo', '.', ',', "'", '?', '!', '-', 'word', '1.', 'x@y'];
    let simple = 0;
    for (let k = 0; k < 1500; k++) {
      let body = '';
      for (let j = 1 + rand(12); j > 0; j--) body += pieces[rand(pieces.length)];
      if (!isSimpleSystemNote(body)) continue;
      simple++;
      expect({ body, html: renderSystemNoteHtml(body, md, PROJECT) }).toEqual({ body, html: md.render(body, { projectPath: PROJECT }) });
    }
    expect(simple).toBeGreaterThan(50);
  });

  it('never lets user text through unescaped', () => {
    const html = renderSystemNoteHtml(systemNotes.titleChanged('<img src=x onerror=alert(1)>', 'x').body, md, PROJECT);
    expect(html).not.toContain('<img');
  });
});
