"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GRAPHQL_LIMITS = void 0;
exports.queryCost = queryCost;
exports.limitError = limitError;
const graphql_1 = require("graphql");
/** GitLab's GraphQL limits (app/graphql/gitlab_schema.rb): anonymous, then authenticated callers. */
exports.GRAPHQL_LIMITS = {
    anonymous: { depth: 15, complexity: 200 },
    authenticated: { depth: 20, complexity: 250 },
    /** Aliased fields in one operation: legitimate documents alias a handful. */
    aliases: 50,
    /** Operations in one batched (array) request. */
    batch: 10,
};
const costs = new WeakMap();
/**
 * Depth, complexity and aliases of the operation a request runs, following fragment spreads.
 * Memoised per parsed document (Apollo reuses the object for a repeated query).
 */
function queryCost(document, operation) {
    const key = operation.name?.value ?? null;
    const known = costs.get(document)?.get(key);
    if (known)
        return known;
    const fragments = new Map();
    for (const d of document.definitions)
        if (d.kind === graphql_1.Kind.FRAGMENT_DEFINITION)
            fragments.set(d.name.value, d);
    const cost = { depth: 0, complexity: 0, aliases: 0 };
    // visiting: fragment cycles are a validation error; never loop on one here
    const walk = (set, depth, visiting, schemaOnly) => {
        for (const sel of set.selections) {
            if (sel.kind === graphql_1.Kind.FIELD) {
                // introspection (__schema, __type and below) reads no data, but counts for depth: it nests without end
                const meta = schemaOnly || sel.name.value.startsWith('__');
                if (!meta) {
                    cost.complexity++;
                    if (sel.alias)
                        cost.aliases++;
                }
                cost.depth = Math.max(cost.depth, depth + 1);
                if (sel.selectionSet)
                    walk(sel.selectionSet, depth + 1, visiting, meta);
            }
            else if (sel.kind === graphql_1.Kind.INLINE_FRAGMENT) {
                walk(sel.selectionSet, depth, visiting, schemaOnly);
            }
            else {
                const f = fragments.get(sel.name.value);
                if (f && !visiting.has(f.name.value))
                    walk(f.selectionSet, depth, new Set(visiting).add(f.name.value), schemaOnly);
            }
        }
    };
    walk(operation.selectionSet, 0, new Set(), false);
    let perDoc = costs.get(document);
    if (!perDoc)
        costs.set(document, (perDoc = new Map()));
    perDoc.set(key, cost);
    return cost;
}
/** The first limit a cost exceeds, in graphql-ruby's wording (as GitLab answers), or null. */
function limitError(cost, authenticated) {
    const max = authenticated ? exports.GRAPHQL_LIMITS.authenticated : exports.GRAPHQL_LIMITS.anonymous;
    const errors = [];
    if (cost.depth > max.depth)
        errors.push(`Query has depth of ${cost.depth}, which exceeds max depth of ${max.depth}`);
    if (cost.complexity > max.complexity)
        errors.push(`Query has complexity of ${cost.complexity}, which exceeds max complexity of ${max.complexity}`);
    if (cost.aliases > exports.GRAPHQL_LIMITS.aliases)
        errors.push(`Query has ${cost.aliases} aliases, which exceeds max aliases of ${exports.GRAPHQL_LIMITS.aliases}`);
    return errors[0] ? new graphql_1.GraphQLError(errors[0], { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }) : null;
}
//# sourceMappingURL=query-limits.js.map