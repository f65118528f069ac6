"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.validateNoteBody = validateNoteBody;
exports.parseIdempotencyKey = parseIdempotencyKey;
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
/** A note's markdown: present, not only whitespace, within LIMITS.noteMaxLength; 400 naming `note` otherwise. */
function validateNoteBody(body) {
    if (body !== undefined && body !== null && typeof body !== 'string')
        throw new app_error_1.ValidationError({ note: [shared_types_1.VALIDATION.notString] });
    const text = (body ?? '');
    if (text.trim() === '')
        throw new app_error_1.ValidationError({ note: [shared_types_1.VALIDATION.required] });
    if (text.length > shared_types_1.LIMITS.noteMaxLength)
        throw new app_error_1.ValidationError({ note: [shared_types_1.VALIDATION.tooLong(shared_types_1.LIMITS.noteMaxLength)] });
    if (text.includes('\u0000'))
        throw new app_error_1.ValidationError({ note: [shared_types_1.VALIDATION.nulCharacter] });
    return text;
}
/** Idempotency-Key: 1..128 visible characters, or absent. */
function parseIdempotencyKey(raw) {
    if (raw === undefined)
        return null;
    const v = Array.isArray(raw) ? raw[0] : raw;
    if (v === undefined || !/^[\x21-\x7e]{1,128}$/.test(v))
        throw new app_error_1.ValidationError({ 'Idempotency-Key': [shared_types_1.VALIDATION.invalid] });
    return v;
}
//# sourceMappingURL=note-body.js.map