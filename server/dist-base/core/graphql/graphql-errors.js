"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.formatGraphqlError = formatGraphqlError;
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../errors/app-error");
/**
 * GraphQL errors: access problems read as GitLab's RESOURCE_ACCESS_ERROR; validation keeps its
 * field-naming text; anything unexpected is hidden behind a generic message (no stack traces).
 */
function formatGraphqlError(formatted, error) {
    const original = error?.originalError ?? error;
    const { stacktrace: _s, ...extensions } = (formatted.extensions ?? {});
    if (original instanceof app_error_1.AppError) {
        const access = original.status === 401 || original.status === 403 || original.status === 404;
        return {
            message: access ? shared_types_1.ERRORS.GRAPHQL_RESOURCE_ACCESS.message : original.message,
            locations: formatted.locations,
            path: formatted.path,
            extensions: { code: access ? 'RESOURCE_NOT_AVAILABLE' : 'BAD_USER_INPUT' },
        };
    }
    const code = extensions.code;
    if (code === 'INTERNAL_SERVER_ERROR' || (!code && formatted.path)) {
        return { message: shared_types_1.ERRORS.INTERNAL.message, locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
    return { ...formatted, extensions };
}
//# sourceMappingURL=graphql-errors.js.map