import { describe, expect, it } from 'vitest';
import { countLinks, parseSpamWords, spamVerdict } from '../spam-rules';

const rules = { words: parseSpamWords(' Free money, casino bonus ,,'), maxLinks: 4, newAccountDays: 3, newAccountMaxLinks: 1 };
const old = () => 100;
const young = () => 0.5;

describe('spam rules', () => {
  it('parses the word list (trimmed, lower case, empties dropped)', () => {
    expect(rules.words).toEqual(['free money', 'casino bonus']);
  });

  it('flags a listed phrase in any case, as whole words only', () => {
    expect(spamVerdict('Get FREE MONEY now', rules, old)).toEqual({ spam: true, reason: 'spam word "free money"' });
    expect(spamVerdict('free moneybags are a brand', rules, old).spam).toBe(false);
    expect(spamVerdict('A normal bug report', rules, old)).toEqual({ spam: false, reason: null });
  });

  it('counts links; too many is spam for anyone, a lower limit applies to new accounts', () => {
    const two = 'see https://a.example/x and www.b.example';
    expect(countLinks(two)).toBe(2);
    expect(spamVerdict(two, rules, old).spam).toBe(false);
    expect(spamVerdict(two, rules, young)).toEqual({ spam: true, reason: '2 links from an account younger than 3 days (more than 1)' });
    const five = Array.from({ length: 5 }, (_, i) => `https://x.example/${i}`).join(' ');
    expect(spamVerdict(five, rules, old).reason).toBe('5 links (more than 4)');
  });

  it('asks for the account age only when the links make it matter', () => {
    let asked = 0;
    spamVerdict('no links here', rules, () => (asked++, 0));
    expect(asked).toBe(0);
  });
});
