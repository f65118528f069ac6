"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.authOf = authOf;
function authOf(req) {
    return req.auth ?? { actor: null, method: 'none', sessionId: null, csrfToken: null };
}
//# sourceMappingURL=request-context.js.map