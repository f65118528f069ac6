import { requestJson } from './http';

export class GraphqlError extends Error {}

/** One GraphQL operation against /api/graphql; transport and top-level errors reject. */
export async function graphqlRequest<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await requestJson<{ data?: T; errors?: Array<{ message: string }> }>('/api/graphql', {
    method: 'POST',
    body: { query, variables },
  });
  if (res.data?.errors?.length) throw new GraphqlError(res.data.errors.map((e) => e.message).join('. '));
  if (!res.ok || !res.data?.data) throw new GraphqlError(`HTTP ${res.status}`);
  return res.data.data;
}
