import { type Type } from '@nestjs/common';
import { ArgsType, Field, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';

/** Relay page info, as GitLab's connections expose it. */
@ObjectType('PageInfo')
export class PageInfo {
  @Field() hasNextPage!: boolean;
  @Field() hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true }) startCursor!: string | null;
  @Field(() => String, { nullable: true }) endCursor!: string | null;
}

export interface Edge<T> {
  node: T;
  cursor: string;
}

export interface ConnectionShape<T> {
  nodes: T[];
  edges: Array<Edge<T>>;
  pageInfo: PageInfo;
  count: number;
}

/** `XxxConnection` / `XxxEdge` object types for a node type (the NestJS code-first recipe). */
export function Connection<T>(nodeType: Type<T>, name: string) {
  @ObjectType(`${name}Edge`)
  abstract class EdgeType {
    @Field(() => nodeType, { nullable: true }) node!: T;
    @Field() cursor!: string;
  }

  @ObjectType({ isAbstract: true })
  abstract class ConnectionType implements ConnectionShape<T> {
    @Field(() => [nodeType], { nullable: 'itemsAndList' }) nodes!: T[];
    @Field(() => [EdgeType], { nullable: 'itemsAndList' }) edges!: Array<Edge<T>>;
    @Field(() => PageInfo) pageInfo!: PageInfo;
    @Field(() => Int, { description: 'Total count of collection.' }) count!: number;
  }
  return ConnectionType;
}

export const MAX_PAGE_SIZE = 100;

@ArgsType()
export class ConnectionArgs {
  @Field(() => String, { nullable: true, description: 'Returns the elements in the list that come after the specified cursor.' })
  after?: string | null;
  @Field(() => String, { nullable: true, description: 'Returns the elements in the list that come before the specified cursor.' })
  before?: string | null;
  @Field(() => Int, { nullable: true, description: 'Returns the first _n_ elements from the list.' })
  first?: number | null;
  @Field(() => Int, { nullable: true, description: 'Returns the last _n_ elements from the list.' })
  last?: number | null;
}

/** Cursors are opaque to clients; inside they are the element's offset in the result. */
export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset }), 'utf8').toString('base64');
}

export function decodeCursor(cursor: string, arg: string): number {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { offset?: unknown };
    if (typeof v.offset === 'number' && Number.isSafeInteger(v.offset) && v.offset >= 0) return v.offset;
  } catch {
    /* fall through */
  }
  throw new GraphQLError(`Please provide a valid cursor for the argument \`${arg}\``, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** The window [offset, offset + limit) that first/after/last/before ask for. */
export function pageWindow(args: ConnectionArgs, total?: number): { offset: number; limit: number } {
  for (const k of ['first', 'last'] as const) {
    const v = args[k];
    if (v !== undefined && v !== null && v < 0)
      throw new GraphQLError(`Argument '${k}' on Field has an invalid value (${v}). Expected type 'Int' >= 0.`, { extensions: { code: 'BAD_USER_INPUT' } });
  }
  const start = args.after ? decodeCursor(args.after, 'after') + 1 : 0;
  let end = args.before ? decodeCursor(args.before, 'before') : Number.POSITIVE_INFINITY;
  if (total !== undefined) end = Math.min(end, total);
  let offset = start;
  let limit = Math.min(args.first ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  if (Number.isFinite(end)) limit = Math.min(limit, Math.max(0, end - start));
  if (args.last !== undefined && args.last !== null && args.first == null) {
    const last = Math.min(args.last, MAX_PAGE_SIZE);
    if (!Number.isFinite(end)) throw new GraphQLError('Argument `last` needs `before` on this connection', { extensions: { code: 'BAD_USER_INPUT' } });
    offset = Math.max(start, end - last);
    limit = end - offset;
  }
  return { offset, limit };
}

/** Builds a connection from one page of nodes that starts at `offset` in a result of `total`. */
export function toConnection<T>(nodes: T[], offset: number, total: number): ConnectionShape<T> {
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
export function connectionOf<T>(all: readonly T[], args: ConnectionArgs = {}): ConnectionShape<T> {
  const { offset, limit } = pageWindow(args, all.length);
  return toConnection(all.slice(offset, offset + limit), offset, all.length);
}
