"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.issueFastRoutes = issueFastRoutes;
/**
 * The issue routes answered ahead of Express (core/http/fast-route.ts): the title/field PUT,
 * the hottest write. The controller method is the handler, so its logic stays in one place.
 */
function issueFastRoutes(controller) {
    return [
        {
            method: 'PUT',
            pattern: /^\/api\/v4\/projects\/([^/?#]+)\/issues\/(?!bulk_update$)([^/?#]+)$/,
            metricRoute: '/api/v4/projects/:id/issues/:iid',
            handle: (actor, [id, iid], body) => controller.update(actor, id, iid, body),
        },
    ];
}
//# sourceMappingURL=issue-fast-routes.js.map