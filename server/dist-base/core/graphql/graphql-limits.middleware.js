"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.GraphqlLimitsMiddleware = void 0;
const common_1 = require("@nestjs/common");
const graphql_1 = require("graphql");
const request_context_1 = require("../http/request-context");
const query_limits_1 = require("./query-limits");
/** Parsing stops here: a document this long is refused whatever it selects. */
const MAX_TOKENS = 20_000;
const TOO_LONG = { depth: -1, complexity: -1, aliases: -1 };
const CACHE_SIZE = 500;
/**
 * Refuses over-limit GraphQL before Apollo parses, validates or executes anything (validating
 * 2,000 aliases alone takes longer than answering): batch size, then per operation depth,
 * complexity and aliases for the caller (anonymous or signed in). Runs after AuthMiddleware.
 */
let GraphqlLimitsMiddleware = class GraphqlLimitsMiddleware {
    // Costs of recent documents by text: a repeated query is parsed once here
    costs = new Map();
    use(req, res, next) {
        const body = req.method === 'GET' ? req.query : req.body;
        const ops = Array.isArray(body) ? body : [body];
        if (ops.length > query_limits_1.GRAPHQL_LIMITS.batch) {
            res.status(400).json({ errors: [{ message: `Batch has ${ops.length} operations, which exceeds max batch size of ${query_limits_1.GRAPHQL_LIMITS.batch}`, extensions: { code: 'BAD_REQUEST' } }] });
            return;
        }
        const authenticated = (0, request_context_1.authOf)(req).actor !== null;
        for (const op of ops) {
            const error = this.check(op, authenticated);
            if (error) {
                // GitLab answers limit errors as a GraphQL result (200 with errors, no data)
                res.status(200).json({ errors: [{ message: error.message, extensions: error.extensions }] });
                return;
            }
        }
        next();
    }
    check(op, authenticated) {
        const { query, operationName } = (op ?? {});
        if (typeof query !== 'string')
            return null; // Apollo answers malformed requests itself
        const key = `${typeof operationName === 'string' ? operationName : ''}\n${query}`;
        let cost = this.costs.get(key);
        if (cost === undefined) {
            cost = this.measure(query, typeof operationName === 'string' ? operationName : undefined);
            if (this.costs.size >= CACHE_SIZE)
                this.costs.delete(this.costs.keys().next().value);
            this.costs.set(key, cost);
        }
        if (cost === TOO_LONG)
            return new graphql_1.GraphQLError(`Query has more than ${MAX_TOKENS} tokens, which exceeds max query size`, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
        return cost ? (0, query_limits_1.limitError)(cost, authenticated) : null;
    }
    measure(query, operationName) {
        try {
            const document = (0, graphql_1.parse)(query, { maxTokens: MAX_TOKENS, noLocation: true });
            const operation = (0, graphql_1.getOperationAST)(document, operationName);
            return operation ? (0, query_limits_1.queryCost)(document, operation) : null;
        }
        catch (e) {
            // other syntax errors are Apollo's to report
            if (e instanceof Error && /more than \d+ tokens/.test(e.message))
                return TOO_LONG;
            return null;
        }
    }
};
exports.GraphqlLimitsMiddleware = GraphqlLimitsMiddleware;
exports.GraphqlLimitsMiddleware = GraphqlLimitsMiddleware = __decorate([
    (0, common_1.Injectable)()
], GraphqlLimitsMiddleware);
//# sourceMappingURL=graphql-limits.middleware.js.map