import { describe, expect, it } from 'vitest';
import { emojiFacts, normalizeAwardName } from '../emoji-names';

describe('award names', () => {
  it.each([
    ['thumbsup', 'thumbsup'],
    ['thumbsdown', 'thumbsdown'],
    ['+1', 'thumbsup'],
    ['-1', 'thumbsdown'],
    [':tada:', 'tada'],
    ['heart', 'heart'],
    ['rocket', 'rocket'],
    ['eyes', 'eyes'],
    ['smile', 'smile'],
    [100, '100'],
    ['100', '100'],
    ['8ball', '8ball'],
  ])('%j is stored as %s', (raw, name) => {
    expect(normalizeAwardName(raw)).toBe(name);
  });

  it.each([['not_an_emoji'], [''], ['::'], [1.5], [-1], [null], [['smile']], [{}], ['<script>'], ['x'.repeat(200)]])('%j is no emoji', (raw) => {
    expect(normalizeAwardName(raw)).toBeNull();
  });

  it('knows the character and description GraphQL shows', () => {
    expect(emojiFacts('thumbsup')).toMatchObject({ hexcode: '1F44D', description: 'thumbs up' });
    expect(emojiFacts('thumbsup')!.emoji).toContain('👍');
  });
});
