"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.enumParam = exports.optionalIdParam = exports.nameListParam = exports.idListParam = exports.nonNegativeIntParam = exports.dateParam = exports.oneOfParam = exports.boolParam = exports.textParam = void 0;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
/**
 * zod schemas for GitLab-style parameters: JSON or form values ("true", "1", "a,b"), with
 * the messages of shared-types' VALIDATION catalogue.
 */
const fail = (ctx, message) => {
    ctx.addIssue({ code: zod_1.z.ZodIssueCode.custom, message });
    return zod_1.z.NEVER;
};
/** A string of at most `max` characters; `required`: not blank. null passes (absent value). */
const textParam = (max, opts = {}) => zod_1.z.unknown().transform((v, ctx) => {
    if (v === null)
        return opts.required ? fail(ctx, shared_types_1.VALIDATION.required) : null;
    if (typeof v !== 'string')
        return fail(ctx, 'must be a string');
    if (opts.required && v.trim() === '')
        return fail(ctx, shared_types_1.VALIDATION.required);
    if (v.length > max)
        return fail(ctx, shared_types_1.VALIDATION.tooLong(max));
    return v;
});
exports.textParam = textParam;
const boolParam = () => zod_1.z.unknown().transform((v, ctx) => {
    if (typeof v === 'boolean')
        return v;
    if (v === 'true' || v === '1' || v === 1)
        return true;
    if (v === 'false' || v === '0' || v === 0)
        return false;
    return fail(ctx, shared_types_1.VALIDATION.notBoolean);
});
exports.boolParam = boolParam;
const oneOfParam = (values, opts = {}) => zod_1.z.unknown().transform((v, ctx) => {
    if (v === null && opts.nullable)
        return null;
    const s = typeof v === 'string' ? v.toLowerCase() : v;
    if (values.includes(s))
        return s;
    return fail(ctx, shared_types_1.VALIDATION.notAllowed(values));
});
exports.oneOfParam = oneOfParam;
/** YYYY-MM-DD that exists on the calendar (2030-02-30 does not); null or "" removes. */
const dateParam = () => zod_1.z.unknown().transform((v, ctx) => {
    if (v === null || v === '')
        return null;
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || v.startsWith('0000'))
        return fail(ctx, shared_types_1.VALIDATION.notDate);
    const d = new Date(`${v}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v)
        return fail(ctx, shared_types_1.VALIDATION.notDate);
    return v;
});
exports.dateParam = dateParam;
/** A non-negative int4; null or "" removes. */
const nonNegativeIntParam = () => zod_1.z.unknown().transform((v, ctx) => {
    if (v === null || v === '')
        return null;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 0 || n > 2_147_483_647)
        return fail(ctx, shared_types_1.VALIDATION.notNonNegativeInteger);
    return n;
});
exports.nonNegativeIntParam = nonNegativeIntParam;
/** Positive int4 ids as an array, a comma-separated string or one number; null, "" or 0 is the empty list. */
const idListParam = () => zod_1.z.unknown().transform((v, ctx) => {
    if (v === null || v === '' || v === 0 || v === '0')
        return [];
    const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
    const out = [];
    for (const x of items) {
        const n = typeof x === 'number' ? x : typeof x === 'string' && /^\s*\d+\s*$/.test(x) ? Number(x) : NaN;
        if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647)
            return fail(ctx, 'must be a list of positive integers');
        out.push(n);
    }
    return [...new Set(out)];
});
exports.idListParam = idListParam;
/** Names as an array or a comma-separated string, trimmed and de-duplicated; null or "" is the empty list. */
const nameListParam = (max = 255) => zod_1.z.unknown().transform((v, ctx) => {
    if (v === null || v === '')
        return [];
    const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : null;
    if (!items || !items.every((x) => typeof x === 'string'))
        return fail(ctx, 'must be a comma-separated list of names');
    const names = [...new Set(items.map((x) => x.trim()).filter(Boolean))];
    if (names.some((n) => n.length > max))
        return fail(ctx, shared_types_1.VALIDATION.tooLong(max));
    return names;
});
exports.nameListParam = nameListParam;
/** One positive int4 id; null, "", 0 or "0" is "none" (GitLab's milestone_id: 0 removes). */
const optionalIdParam = () => zod_1.z.unknown().transform((v, ctx) => {
    if (v === null || v === '' || v === 0 || v === '0')
        return null;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647)
        return fail(ctx, 'must be a positive integer');
    return n;
});
exports.optionalIdParam = optionalIdParam;
/** One of `values`, compared case-insensitively and given back as listed; null or "" is none when `nullable`. */
const enumParam = (values, opts = {}) => zod_1.z.unknown().transform((v, ctx) => {
    if ((v === null || v === '') && opts.nullable)
        return null;
    const hit = typeof v === 'string' ? values.find((x) => x.toLowerCase() === v.trim().toLowerCase()) : undefined;
    return hit ?? fail(ctx, shared_types_1.VALIDATION.notAllowed(values));
});
exports.enumParam = enumParam;
//# sourceMappingURL=params.js.map