import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { connectionOf, decodeCursor, encodeCursor, pageWindow, type ConnectionShape } from '../connection';
import { parseGlobalId, toGlobalId } from '../global-id';
import { DateScalar, TimeScalar } from '../scalars';

describe('global IDs', () => {
  it('round-trips gid://tandem/<Type>/<id> and accepts GitLab-prefixed ids', () => {
    expect(toGlobalId('Issue', 42)).toBe('gid://tandem/Issue/42');
    expect(parseGlobalId('gid://tandem/Issue/42', ['Issue'])).toBe(42);
    expect(parseGlobalId('gid://gitlab/ProjectLabel/5', ['ProjectLabel', 'GroupLabel'])).toBe(5);
  });
  it.each(['gid://tandem/Note/42', 'gid://tandem/Issue/abc', 'gid://tandem/Issue/0', 'gid://tandem/Issue/99999999999', 'Issue/42', '42'])('refuses %s as an Issue id', (g) => {
    expect(parseGlobalId(g, ['Issue'])).toBeNull();
  });
});

describe('connections', () => {
  const items = Array.from({ length: 7 }, (_, k) => k + 1);

  it('pages forward with first/after until hasNextPage is false', () => {
    const seen: number[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const c: ConnectionShape<number> = connectionOf(items, { first: 3, after });
      seen.push(...c.nodes);
      expect(c.count).toBe(7);
      expect(c.edges.map((e) => e.node)).toEqual(c.nodes);
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    expect(seen).toEqual(items);
  });

  it('pages backward with last/before', () => {
    const c = connectionOf(items, { last: 2 });
    expect(c.nodes).toEqual([6, 7]);
    expect(c.pageInfo.hasPreviousPage).toBe(true);
    const prev = connectionOf(items, { last: 2, before: c.pageInfo.startCursor });
    expect(prev.nodes).toEqual([4, 5]);
  });

  it('caps the page size at 100 and reads first: 0 as "count only"', () => {
    expect(pageWindow({ first: 1000 }).limit).toBe(100);
    const c = connectionOf(items, { first: 0 });
    expect(c.nodes).toEqual([]);
    expect(c.count).toBe(7);
  });

  it('refuses forged cursors and negative sizes with a GraphQL error', () => {
    expect(decodeCursor(encodeCursor(5), 'after')).toBe(5);
    expect(() => decodeCursor('not-base64-json', 'after')).toThrow(GraphQLError);
    expect(() => decodeCursor(Buffer.from('{"offset":-3}').toString('base64'), 'after')).toThrow(/valid cursor/);
    expect(() => pageWindow({ first: -1 })).toThrow(GraphQLError);
  });
});

describe('scalars', () => {
  it('ISO8601Date keeps the calendar date and refuses impossible ones', () => {
    expect(DateScalar.parseValue('2030-02-28')).toBe('2030-02-28');
    expect(DateScalar.parseValue('2030-02-28T23:00:00-05:00')).toBe('2030-02-28');
    for (const bad of ['2030-02-30', '28/02/2030', 20300228, ''])
      expect(() => DateScalar.parseValue(bad)).toThrow(GraphQLError);
  });
  it('Time serialises dates as ISO 8601 and refuses garbage', () => {
    expect(TimeScalar.serialize(new Date('2030-01-02T03:04:05Z'))).toBe('2030-01-02T03:04:05.000Z');
    expect(() => TimeScalar.parseValue('yesterday')).toThrow(GraphQLError);
  });
});
