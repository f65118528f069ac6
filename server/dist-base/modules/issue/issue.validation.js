"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.validationErrorOf = validationErrorOf;
exports.parseIssueUpdate = parseIssueUpdate;
exports.parseIssueCreate = parseIssueCreate;
exports.parseLockVersion = parseLockVersion;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const fields_1 = require("./fields");
/** Every parameter an update reads, from the field registry. */
const UPDATE_PARAMS = Object.assign({}, ...fields_1.ISSUE_FIELDS.map((f) => f.params));
const UPDATE_PARAM_NAMES = Object.keys(UPDATE_PARAMS);
/** Parameters that make no sense at creation. */
const NOT_ON_CREATE = ['state_event', 'add_labels', 'remove_labels', 'update_task'];
/** zod's issues as the API's `{field: [messages]}`. */
function validationErrorOf(error) {
    const fields = {};
    for (const issue of error.issues)
        (fields[String(issue.path[0] ?? 'base')] ??= []).push(issue.message);
    return new app_error_1.ValidationError(fields);
}
/** One object schema per set of parameters sent (built once: this runs on every write). */
const objectSchemas = new Map();
function parseParams(raw, names) {
    const sent = names.filter((n) => raw[n] !== undefined);
    const key = sent.join(',');
    let schema = objectSchemas.get(key);
    if (!schema)
        objectSchemas.set(key, (schema = zod_1.z.object(Object.fromEntries(sent.map((n) => [n, UPDATE_PARAMS[n]])))));
    const result = schema.safeParse(raw);
    if (!result.success)
        throw validationErrorOf(result.error);
    return result.data;
}
function readFields(params) {
    const input = {};
    for (const f of fields_1.ISSUE_FIELDS) {
        const v = f.read(params);
        if (v !== undefined)
            input[f.key] = v;
    }
    return input;
}
/** REST/page update parameters (snake_case, as GitLab's API); at least one must be given. */
function parseIssueUpdate(raw) {
    if (!UPDATE_PARAM_NAMES.some((f) => raw[f] !== undefined))
        throw new app_error_1.ValidationError({ base: [shared_types_1.VALIDATION.atLeastOne(UPDATE_PARAM_NAMES)] });
    return readFields(parseParams(raw, UPDATE_PARAM_NAMES));
}
/** REST/page create parameters: a title, and any field. */
function parseIssueCreate(raw) {
    const withTitle = raw.title === undefined ? { ...raw, title: null } : raw;
    const input = readFields(parseParams(withTitle, UPDATE_PARAM_NAMES.filter((n) => !NOT_ON_CREATE.includes(n))));
    return { ...input, title: input.title ?? '' };
}
/** lock_version from the page's PUT {issue}.json: a non-negative integer when present. */
function parseLockVersion(raw) {
    if (raw === undefined || raw === null || raw === '')
        return undefined;
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n) || n < 0 || n > 2_147_483_647)
        throw new app_error_1.ValidationError({ lock_version: [shared_types_1.VALIDATION.notInteger] });
    return n;
}
//# sourceMappingURL=issue.validation.js.map