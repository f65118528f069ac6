import type { GraphQLFormattedError } from 'graphql';
import { ERRORS, SPAM_TEXTS } from '@tandem/shared-types';
import { AppError, NeedsCaptchaError } from '../errors/app-error';

/**
 * GraphQL errors: access problems read as GitLab's RESOURCE_ACCESS_ERROR; validation keeps its
 * field-naming text; anything unexpected is hidden behind a generic message (no stack traces).
 */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = (error as { originalError?: unknown })?.originalError ?? error;
  const { stacktrace: _s, ...extensions } = (formatted.extensions ?? {}) as Record<string, unknown>;
  if (original instanceof NeedsCaptchaError) {
    const { message: _m, ...captcha } = original.responseBody();
    return { message: SPAM_TEXTS.graphqlNeedsCaptcha, locations: formatted.locations, path: formatted.path, extensions: { code: 'BAD_USER_INPUT', ...captcha } };
  }
  if (original instanceof AppError) {
    const access = original.status === 401 || original.status === 403 || original.status === 404;
    return {
      message: access ? ERRORS.GRAPHQL_RESOURCE_ACCESS.message : original.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: access ? 'RESOURCE_NOT_AVAILABLE' : 'BAD_USER_INPUT' },
    };
  }
  const code = extensions.code as string | undefined;
  if (code === 'INTERNAL_SERVER_ERROR' || (!code && formatted.path)) {
    return { message: ERRORS.INTERNAL.message, locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
  return { ...formatted, extensions };
}
