"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.InputGuardMiddleware = void 0;
exports.guardInput = guardInput;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../errors/app-error");
/** Deeper input than this is refused rather than walked (no JSON body of ours nests this far). */
const MAX_DEPTH = 32;
/**
 * Refuses, for every route, input that no column can store: a NUL character (U+0000) in a
 * string or key of the body, the query or the path. Postgres text cannot hold it, so without
 * this check such input would surface as a database error (500) instead of a 400 that names
 * the field.
 */
let InputGuardMiddleware = class InputGuardMiddleware {
    use(req, _res, next) {
        // originalUrl: Nest mounts route middleware, so req.path may be relative to the mount point
        guardInput(req.originalUrl || req.url, req.query, req.body);
        next();
    }
};
exports.InputGuardMiddleware = InputGuardMiddleware;
exports.InputGuardMiddleware = InputGuardMiddleware = __decorate([
    (0, common_1.Injectable)()
], InputGuardMiddleware);
/** The check above for a request handled ahead of Express (core/http/fast-route.ts): throws the same 400s. */
function guardInput(url, query, body) {
    let path;
    try {
        path = decodeURIComponent(url.split('?')[0]);
    }
    catch {
        throw new app_error_1.ValidationError({ path: [shared_types_1.VALIDATION.invalid] });
    }
    if (path.includes('\u0000'))
        throw new app_error_1.ValidationError({ path: [shared_types_1.VALIDATION.nulCharacter] });
    const bad = findNul(query, '', 0) ?? findNul(body, '', 0);
    if (bad !== null)
        throw new app_error_1.ValidationError({ [bad || 'body']: [bad === TOO_DEEP ? shared_types_1.VALIDATION.tooDeep : shared_types_1.VALIDATION.nulCharacter] });
}
const TOO_DEEP = '\u0000depth';
/** The dotted name of the first field holding a NUL character, or null. */
function findNul(v, at, depth) {
    if (typeof v === 'string')
        return v.includes('\u0000') ? at : null;
    if (v === null || typeof v !== 'object')
        return null;
    if (depth > MAX_DEPTH)
        return TOO_DEEP;
    for (const [k, x] of Object.entries(v)) {
        const name = at ? `${at}.${k}` : k;
        if (k.includes('\u0000'))
            return name;
        const found = findNul(x, name, depth + 1);
        if (found !== null)
            return found;
    }
    return null;
}
//# sourceMappingURL=input-guard.middleware.js.map