"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.fail = exports.ValidationError = exports.AppError = void 0;
const shared_types_1 = require("@tandem/shared-types");
/** Modules throw by catalogue code; the filters map it to REST and GraphQL answers. */
class AppError extends Error {
    code;
    body;
    status;
    constructor(code, 
    /** Overrides the catalogue text (e.g. a field-keyed validation object). */
    body) {
        super(typeof body === 'string' ? body : shared_types_1.ERRORS[code].message);
        this.code = code;
        this.body = body;
        this.status = shared_types_1.ERRORS[code].status;
    }
}
exports.AppError = AppError;
/** 400 with GitLab's validation shape: {"message": {"title": ["can't be blank"]}}. */
class ValidationError extends AppError {
    fields;
    constructor(fields) {
        super('VALIDATION', fields);
        this.fields = fields;
        this.message = Object.entries(fields)
            .map(([f, msgs]) => `${f} ${msgs.join(', ')}`)
            .join('; ');
    }
}
exports.ValidationError = ValidationError;
const fail = (code, body) => {
    throw new AppError(code, body);
};
exports.fail = fail;
//# sourceMappingURL=app-error.js.map