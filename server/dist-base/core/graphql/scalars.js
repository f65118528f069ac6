"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DateScalar = exports.TimeScalar = void 0;
const graphql_1 = require("graphql");
/** GitLab's `Time`: an ISO 8601 timestamp string. */
exports.TimeScalar = new graphql_1.GraphQLScalarType({
    name: 'Time',
    description: 'Time represented in ISO 8601. For example: "2021-03-09T14:58:50+00:00".',
    serialize: (v) => (v instanceof Date ? v.toISOString() : String(v)),
    parseValue: (v) => parseTime(v),
    parseLiteral: (ast) => (ast.kind === graphql_1.Kind.STRING ? parseTime(ast.value) : invalid('Time', ast.kind)),
});
/** GitLab's `ISO8601Date`: a calendar date, `YYYY-MM-DD`. */
exports.DateScalar = new graphql_1.GraphQLScalarType({
    name: 'ISO8601Date',
    description: 'An ISO 8601-encoded date',
    serialize: (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10)),
    parseValue: (v) => parseDate(v),
    parseLiteral: (ast) => (ast.kind === graphql_1.Kind.STRING ? parseDate(ast.value) : invalid('ISO8601Date', ast.kind)),
});
function parseTime(v) {
    if (typeof v !== 'string' || Number.isNaN(Date.parse(v)))
        throw new graphql_1.GraphQLError(`Time must be an ISO 8601 timestamp: ${JSON.stringify(v)}`);
    // Kept as sent, so a date-only use (a due date) keeps the caller's calendar day.
    return v;
}
function parseDate(v) {
    // Accepts a date or a timestamp (GitLab's sidebar sends either); keeps the calendar date.
    if (typeof v !== 'string')
        throw new graphql_1.GraphQLError(`ISO8601Date must be a date string: ${JSON.stringify(v)}`);
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(v);
    if (!m || Number.isNaN(Date.parse(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`)) || new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`).getUTCDate() !== Number(m[3]))
        throw new graphql_1.GraphQLError(`ISO8601Date must be a date in YYYY-MM-DD format: ${JSON.stringify(v)}`);
    return `${m[1]}-${m[2]}-${m[3]}`;
}
function invalid(name, kind) {
    throw new graphql_1.GraphQLError(`${name} cannot represent a non-string value (${kind})`);
}
//# sourceMappingURL=scalars.js.map