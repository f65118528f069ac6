import { describe, expect, it } from 'vitest';
import { mentionedUsernames, mentionTodoRecipients } from './mentions';

describe('mentionedUsernames', () => {
  it('finds @usernames once each, lower-cased, in order', () => {
    expect(mentionedUsernames('cc @Bob and @carol, then @bob again')).toEqual(['bob', 'carol']);
  });
  it('ignores code spans, fenced code and e-mail addresses', () => {
    expect(mentionedUsernames('mail me at me@example.com, `@alice` too\n\n```\n@dave\n```\n@erin.')).toEqual(['erin']);
  });
  it('finds nothing without an at sign', () => {
    expect(mentionedUsernames('no one here')).toEqual([]);
    expect(mentionedUsernames(null)).toEqual([]);
  });
});

describe('mentionTodoRecipients', () => {
  it('leaves out the author, readers who cannot read, duplicates and still-pending mentions', () => {
    expect(
      mentionTodoRecipients(
        [
          { id: 1, canRead: true },
          { id: 2, canRead: false },
          { id: 3, canRead: true, hasPending: true },
          { id: 4, canRead: true },
          { id: 4, canRead: true },
        ],
        1,
      ),
    ).toEqual([4]);
  });
});
