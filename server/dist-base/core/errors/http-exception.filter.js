"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.HttpExceptionFilter = void 0;
exports.toHttp = toHttp;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("./app-error");
/**
 * One filter for every REST error: catalogue codes become {"message": ...} with their status;
 * body-parser and Nest errors keep their 4xx; anything else is a 500 without a stack trace.
 */
let HttpExceptionFilter = class HttpExceptionFilter {
    logger = new common_1.Logger('HttpError');
    catch(err, host) {
        if (host.getType() === 'graphql')
            throw err;
        const res = host.switchToHttp().getResponse();
        const req = host.switchToHttp().getRequest();
        if (res.headersSent)
            return;
        const { status, body } = toHttp(err);
        if (status >= 500)
            this.logger.error({ err, path: req.path }, 'request failed');
        if (err instanceof app_error_1.AppError && err.headers)
            res.set(err.headers());
        res.status(status).json(body);
    }
};
exports.HttpExceptionFilter = HttpExceptionFilter;
exports.HttpExceptionFilter = HttpExceptionFilter = __decorate([
    (0, common_1.Catch)()
], HttpExceptionFilter);
function toHttp(err) {
    if (err instanceof app_error_1.AppError)
        return { status: err.status, body: { message: err.body ?? shared_types_1.ERRORS[err.code].message } };
    if (err instanceof common_1.HttpException) {
        const status = err.getStatus();
        if (status === 404)
            return { status, body: { message: shared_types_1.ERRORS.NOT_FOUND.message } };
        const r = err.getResponse();
        const message = typeof r === 'string' ? r : (r.message ?? err.message);
        return { status, body: { message } };
    }
    const e = err;
    // body-parser errors (malformed JSON, too large) carry a 4xx status and a type
    const status = e?.status ?? e?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
        if (status === 413)
            return { status, body: { message: shared_types_1.ERRORS.PAYLOAD_TOO_LARGE.message } };
        if (e.type === 'entity.parse.failed')
            return { status: 400, body: { message: '400 Bad request - body is not valid JSON' } };
        return { status, body: { message: e.message ?? shared_types_1.ERRORS.BAD_REQUEST.message } };
    }
    return { status: 500, body: { message: shared_types_1.ERRORS.INTERNAL.message } };
}
//# sourceMappingURL=http-exception.filter.js.map