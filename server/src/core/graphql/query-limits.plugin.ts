import type { ApolloServerPlugin } from '@apollo/server';
import { authOf } from '../http/request-context';
import type { GqlContext } from './graphql.context';
import { limitError, queryCost } from './query-limits';

/**
 * Refuses an operation over its depth, complexity or alias limit after parsing and before
 * execution (per request, since the limit depends on who asks; the cost is memoised per document).
 */
export const queryLimitsPlugin: ApolloServerPlugin<GqlContext> = {
  requestDidStart: () =>
    Promise.resolve({
      didResolveOperation: ({ document, operation, contextValue }) => {
        const error = operation ? limitError(queryCost(document, operation), authOf(contextValue.req).actor !== null) : null;
        // Apollo answers an error thrown here with {errors: [...]}; no resolver runs
        return error ? Promise.reject(error) : Promise.resolve();
      },
    }),
};
