import { describe, expect, it } from 'vitest';
import { getIntrospectionQuery, getOperationAST, parse } from 'graphql';
import { GRAPHQL_LIMITS, limitError, queryCost } from '../query-limits';

const costOf = (q: string) => {
  const doc = parse(q);
  return queryCost(doc, getOperationAST(doc)!);
};

describe('GraphQL query limits', () => {
  it('counts depth, complexity and aliases through fragments', () => {
    expect(costOf('{ currentUser { id username } }')).toEqual({ depth: 2, complexity: 3, aliases: 0 });
    expect(costOf('query { a: currentUser { ...U } b: currentUser { ...U } } fragment U on UserCore { id name }')).toEqual({ depth: 2, complexity: 6, aliases: 2 });
  });

  it('the standard introspection query (GraphiQL, codegen) passes the anonymous limits', () => {
    const cost = costOf(getIntrospectionQuery());
    expect(limitError(cost, false)).toBeNull();
  });

  it('names the limit a document exceeds', () => {
    const aliases = `{ ${Array.from({ length: 2000 }, (_, i) => `a${i}: currentUser { id }`).join(' ')} }`;
    expect(limitError(costOf(aliases), true)?.message).toBe('Query has complexity of 4000, which exceeds max complexity of 250');
    expect(limitError(costOf(aliases), false)?.message).toBe('Query has complexity of 4000, which exceeds max complexity of 200');
    const deep = `{ __schema { types { ${'fields { type { '.repeat(8)}name${' } }'.repeat(8)} } } }`;
    expect(limitError(costOf(deep), false)?.message).toBe('Query has depth of 19, which exceeds max depth of 15');
    expect(limitError(costOf(deep), true)).toBeNull();
    const manyAliases = `{ ${Array.from({ length: GRAPHQL_LIMITS.aliases + 1 }, (_, i) => `a${i}: __typename x${i}: currentUser { id }`).join(' ')} }`;
    expect(limitError(costOf(manyAliases), true)?.message).toMatch(/^Query has (complexity|\d+ aliases)/);
  });
});
