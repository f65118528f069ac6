"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ConnectionArgs = exports.MAX_PAGE_SIZE = exports.PageInfo = void 0;
exports.Connection = Connection;
exports.encodeCursor = encodeCursor;
exports.decodeCursor = decodeCursor;
exports.pageWindow = pageWindow;
exports.toConnection = toConnection;
exports.connectionOf = connectionOf;
const graphql_1 = require("@nestjs/graphql");
const graphql_2 = require("graphql");
/** Relay page info, as GitLab's connections expose it. */
let PageInfo = class PageInfo {
    hasNextPage;
    hasPreviousPage;
    startCursor;
    endCursor;
};
exports.PageInfo = PageInfo;
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], PageInfo.prototype, "hasNextPage", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], PageInfo.prototype, "hasPreviousPage", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], PageInfo.prototype, "startCursor", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], PageInfo.prototype, "endCursor", void 0);
exports.PageInfo = PageInfo = __decorate([
    (0, graphql_1.ObjectType)('PageInfo')
], PageInfo);
/** `XxxConnection` / `XxxEdge` object types for a node type (the NestJS code-first recipe). */
function Connection(nodeType, name) {
    let EdgeType = class EdgeType {
        node;
        cursor;
    };
    __decorate([
        (0, graphql_1.Field)(() => nodeType, { nullable: true }),
        __metadata("design:type", Object)
    ], EdgeType.prototype, "node", void 0);
    __decorate([
        (0, graphql_1.Field)(),
        __metadata("design:type", String)
    ], EdgeType.prototype, "cursor", void 0);
    EdgeType = __decorate([
        (0, graphql_1.ObjectType)(`${name}Edge`)
    ], EdgeType);
    let ConnectionType = class ConnectionType {
        nodes;
        edges;
        pageInfo;
        count;
    };
    __decorate([
        (0, graphql_1.Field)(() => [nodeType], { nullable: 'itemsAndList' }),
        __metadata("design:type", Array)
    ], ConnectionType.prototype, "nodes", void 0);
    __decorate([
        (0, graphql_1.Field)(() => [EdgeType], { nullable: 'itemsAndList' }),
        __metadata("design:type", Array)
    ], ConnectionType.prototype, "edges", void 0);
    __decorate([
        (0, graphql_1.Field)(() => PageInfo),
        __metadata("design:type", PageInfo)
    ], ConnectionType.prototype, "pageInfo", void 0);
    __decorate([
        (0, graphql_1.Field)(() => graphql_1.Int, { description: 'Total count of collection.' }),
        __metadata("design:type", Number)
    ], ConnectionType.prototype, "count", void 0);
    ConnectionType = __decorate([
        (0, graphql_1.ObjectType)({ isAbstract: true })
    ], ConnectionType);
    return ConnectionType;
}
exports.MAX_PAGE_SIZE = 100;
let ConnectionArgs = class ConnectionArgs {
    after;
    before;
    first;
    last;
};
exports.ConnectionArgs = ConnectionArgs;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true, description: 'Returns the elements in the list that come after the specified cursor.' }),
    __metadata("design:type", Object)
], ConnectionArgs.prototype, "after", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true, description: 'Returns the elements in the list that come before the specified cursor.' }),
    __metadata("design:type", Object)
], ConnectionArgs.prototype, "before", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int, { nullable: true, description: 'Returns the first _n_ elements from the list.' }),
    __metadata("design:type", Object)
], ConnectionArgs.prototype, "first", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int, { nullable: true, description: 'Returns the last _n_ elements from the list.' }),
    __metadata("design:type", Object)
], ConnectionArgs.prototype, "last", void 0);
exports.ConnectionArgs = ConnectionArgs = __decorate([
    (0, graphql_1.ArgsType)()
], ConnectionArgs);
/** Cursors are opaque to clients; inside they are the element's offset in the result. */
function encodeCursor(offset) {
    return Buffer.from(JSON.stringify({ offset }), 'utf8').toString('base64');
}
function decodeCursor(cursor, arg) {
    try {
        const v = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
        if (typeof v.offset === 'number' && Number.isSafeInteger(v.offset) && v.offset >= 0)
            return v.offset;
    }
    catch {
        /* fall through */
    }
    throw new graphql_2.GraphQLError(`Please provide a valid cursor for the argument \`${arg}\``, { extensions: { code: 'BAD_USER_INPUT' } });
}
/** The window [offset, offset + limit) that first/after/last/before ask for. */
function pageWindow(args, total) {
    for (const k of ['first', 'last']) {
        const v = args[k];
        if (v !== undefined && v !== null && v < 0)
            throw new graphql_2.GraphQLError(`Argument '${k}' on Field has an invalid value (${v}). Expected type 'Int' >= 0.`, { extensions: { code: 'BAD_USER_INPUT' } });
    }
    const start = args.after ? decodeCursor(args.after, 'after') + 1 : 0;
    let end = args.before ? decodeCursor(args.before, 'before') : Number.POSITIVE_INFINITY;
    if (total !== undefined)
        end = Math.min(end, total);
    let offset = start;
    let limit = Math.min(args.first ?? exports.MAX_PAGE_SIZE, exports.MAX_PAGE_SIZE);
    if (Number.isFinite(end))
        limit = Math.min(limit, Math.max(0, end - start));
    if (args.last !== undefined && args.last !== null && args.first == null) {
        const last = Math.min(args.last, exports.MAX_PAGE_SIZE);
        if (!Number.isFinite(end))
            throw new graphql_2.GraphQLError('Argument `last` needs `before` on this connection', { extensions: { code: 'BAD_USER_INPUT' } });
        offset = Math.max(start, end - last);
        limit = end - offset;
    }
    return { offset, limit };
}
/** Builds a connection from one page of nodes that starts at `offset` in a result of `total`. */
function toConnection(nodes, offset, total) {
    const edges = nodes.map((node, k) => ({ node, cursor: encodeCursor(offset + k) }));
    return {
        nodes,
        edges,
        count: total,
        pageInfo: {
            hasNextPage: offset + nodes.length < total,
            hasPreviousPage: offset > 0,
            startCursor: edges[0]?.cursor ?? null,
            endCursor: edges[edges.length - 1]?.cursor ?? null,
        },
    };
}
/** A connection over a list already in memory (assignees, labels). */
function connectionOf(all, args = {}) {
    const { offset, limit } = pageWindow(args, all.length);
    return toConnection(all.slice(offset, offset + limit), offset, all.length);
}
//# sourceMappingURL=connection.js.map