"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.fieldsEvent = exports.NOW = void 0;
/** SQL's now() for a column set by a field (the transaction's time, as every other timestamp of the write). */
exports.NOW = Symbol('now()');
/**
 * The issue.updated event of a column a side write sets itself (milestone, iteration: the
 * field must read the row it names first), with the write's version and time.
 */
const fieldsEvent = (fields) => ({
    type: 'issue.updated',
    payload: (fresh) => ({ fields: { ...fields, lock_version: fresh.lockVersion, updated_at: new Date(0).toISOString() } }),
    timePaths: ['{payload,fields,updated_at}'],
});
exports.fieldsEvent = fieldsEvent;
//# sourceMappingURL=issue-field.js.map