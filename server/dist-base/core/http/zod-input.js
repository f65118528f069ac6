"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.fieldErrors = fieldErrors;
exports.parseInput = parseInput;
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../errors/app-error");
/** GitLab's field-keyed validation shape from a zod error: {"expires_at": ["must be a date ..."]}. */
function fieldErrors(error) {
    const fields = {};
    for (const issue of error.issues) {
        const name = issue.path.length ? issue.path.join('.') : 'base';
        const list = (fields[name] ??= []);
        if (!list.includes(issue.message))
            list.push(issue.message);
    }
    return fields;
}
/**
 * Parses API input with a zod schema: the typed value, or a 400 ValidationError naming each
 * bad field (one helper, so every endpoint answers the same shape with the catalogue's texts).
 */
function parseInput(schema, raw) {
    const r = schema.safeParse(raw ?? {}, { errorMap: shared_types_1.validationErrorMap });
    if (!r.success)
        throw new app_error_1.ValidationError(fieldErrors(r.error));
    return r.data;
}
//# sourceMappingURL=zod-input.js.map