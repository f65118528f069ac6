import { describe, expect, it } from 'vitest';
import { awardTooltip } from './awardTooltip';

const u = (id: number) => ({ id, name: `User ${id}`, username: `u${id}` });

describe('awardTooltip', () => {
  it('names one, two and three people', () => {
    expect(awardTooltip([u(1)], null)).toBe('User 1');
    expect(awardTooltip([u(1), u(2)], null)).toBe('User 1 and User 2');
    expect(awardTooltip([u(1), u(2), u(3)], null)).toBe('User 1, User 2, and User 3');
  });

  it("puts 'You' first when the viewer reacted, wherever they are in the list", () => {
    expect(awardTooltip([u(1), u(2), u(7)], 7)).toBe('You, User 1, and User 2');
    expect(awardTooltip([u(7)], 7)).toBe('You');
  });

  it('shows at most 10 names, then ", and N more."', () => {
    const users = Array.from({ length: 14 }, (_, i) => u(i + 1));
    expect(awardTooltip(users, null)).toBe('User 1, User 2, User 3, User 4, User 5, User 6, User 7, User 8, User 9, User 10, and 4 more.');
  });

  it("counts 'You' among the 10 names (9 others plus You)", () => {
    const users = Array.from({ length: 12 }, (_, i) => u(i + 1));
    expect(awardTooltip(users, 12)).toBe('You, User 1, User 2, User 3, User 4, User 5, User 6, User 7, User 8, User 9, and 2 more.');
  });
});
