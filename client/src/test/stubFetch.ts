import { vi } from 'vitest';
import { jsonResponse } from './jsonResponse';

/** One request the page sent, as a test asserts it. */
export interface FetchCall {
  method: string;
  /** As the code passed it, query included. */
  url: string;
  /** The URL without its query, still encoded (`/api/v4/projects/g%2Fp/issues`). */
  path: string;
  query: URLSearchParams;
  /** The `:name` segments of the route that answered. */
  params: Record<string, string>;
  headers: Headers;
  /** A JSON body parsed, FormData as sent, other text as is; undefined without a body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read into it freely
  body: any;
}

/** A Response as is; undefined is an empty 204; anything else is its JSON with status 200. */
export type Answer = Response | object | string | number | boolean | null | undefined;
export type Handler = (call: FetchCall) => Answer | Promise<Answer>;
/**
 * Keyed 'METHOD /path' (method `*` for any). A segment `:name` matches one segment and lands in
 * `params`; a last segment `*` matches the rest. `?a=1&b=2` requires those query values (others
 * may be there too). The most specific matching route answers: most query values, then most
 * literal segments, then the one given first. A value that is not a function is answered as is.
 */
export type Routes = Record<string, Handler | Answer>;

export interface FetchStub {
  /** Every request, in order, answered or not. */
  calls: FetchCall[];
  /** The requests no route answered; each fails the test after it ends (test/setup.ts). */
  unmatched: FetchCall[];
  /** Adds routes, replacing those with the same key. */
  on(routes: Routes): void;
  /** The requests a pattern of the routes' form matches ('PUT /api/v4/groups/:id/epics/3'). */
  callsTo(pattern: string): FetchCall[];
  /** The last request the pattern matches; throws when there is none. */
  lastCall(pattern: string): FetchCall;
  /** The stub itself, for code that takes a fetch (fetchImpl). */
  fetch: typeof fetch;
}

/** Thrown by a handler (e.g. graphql()) that has no answer: counted as an unmatched request. */
export class NoRouteError extends Error {}

interface Matcher {
  key: string;
  method: string;
  segments: string[];
  rest: boolean;
  query: Array<[string, string]>;
}

function parsePattern(key: string): Matcher {
  const m = /^([A-Z]+|\*)\s+(\S+)$/.exec(key.trim());
  if (!m) throw new Error(`stubFetch: a route is 'METHOD /path', not '${key}'`);
  const [pathPart, queryPart] = m[2]!.split('?', 2) as [string, string | undefined];
  const segments = pathPart.split('/');
  const rest = segments.at(-1) === '*';
  if (rest) segments.pop();
  return { key, method: m[1]!, segments, rest, query: [...new URLSearchParams(queryPart ?? '')] };
}

function match(m: Matcher, method: string, path: string, query: URLSearchParams): Record<string, string> | null {
  if (m.method !== '*' && m.method !== method) return null;
  const parts = path.split('/');
  if (m.rest ? parts.length < m.segments.length : parts.length !== m.segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < m.segments.length; i++) {
    const seg = m.segments[i]!;
    if (seg.startsWith(':')) params[seg.slice(1)] = parts[i]!;
    else if (seg !== parts[i]) return null;
  }
  return m.query.every(([k, v]) => query.getAll(k).includes(v)) ? params : null;
}

const specificity = (m: Matcher) => m.query.length * 1000 + m.segments.filter((s) => !s.startsWith(':')).length * 2 + (m.method === '*' ? 0 : 1);

function parseBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  if (answer === undefined) return new Response(null, { status: 204 });
  return jsonResponse(answer);
}

/** Every stub made in the running test: test/setup.ts checks them all when it ends. */
let made: FetchStub[] = [];

/** The stub without installing it: for code that is handed a fetch. */
export function createFetchStub(routes: Routes = {}): FetchStub {
  const table = new Map<string, { matcher: Matcher; route: Handler | Answer }>();
  const calls: FetchCall[] = [];
  const unmatched: FetchCall[] = [];
  const on = (more: Routes) => {
    for (const [key, route] of Object.entries(more)) table.set(key, { matcher: parsePattern(key), route });
  };
  on(routes);

  const callsTo = (pattern: string) => {
    const m = parsePattern(pattern);
    return calls.filter((c) => match(m, c.method, c.path, c.query));
  };

  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const [path] = url.split('?', 1) as [string];
    const call: FetchCall = { method, url, path, query: new URL(url, 'http://localhost').searchParams, params: {}, headers: new Headers(init.headers), body: parseBody(init.body) };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    let best: { route: Handler | Answer; score: number } | null = null;
    for (const { matcher, route } of table.values()) {
      const params = match(matcher, method, path, call.query);
      if (!params) continue;
      const score = specificity(matcher);
      if (!best || score > best.score) {
        best = { route, score };
        call.params = params;
      }
    }
    const fail = (why: string) => {
      unmatched.push(call);
      return new NoRouteError(`stubFetch: ${why} for ${method} ${url}`);
    };
    if (!best) throw fail('no route');
    if (typeof best.route !== 'function') return toResponse(best.route instanceof Response ? best.route.clone() : best.route);
    try {
      return toResponse(await (best.route as Handler)(call));
    } catch (e) {
      throw e instanceof NoRouteError ? fail(e.message) : e;
    }
  };

  const stub: FetchStub = {
    calls,
    unmatched,
    on,
    callsTo,
    lastCall: (pattern) => {
      const found = callsTo(pattern).at(-1);
      if (!found) throw new Error(`stubFetch: no request matched ${pattern}; sent: ${calls.map((c) => `${c.method} ${c.url}`).join(', ') || 'none'}`);
      return found;
    },
    fetch: fetchStub as typeof fetch,
  };
  made.push(stub);
  return stub;
}

/**
 * The one place a test replaces `fetch`: answers by route, logs every request, and a request no
 * route answers rejects and fails the test (test/setup.ts checks after each test).
 */
export function stubFetch(routes: Routes = {}): FetchStub {
  const stub = createFetchStub(routes);
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

/** Ends the test's stubs (test/setup.ts): puts fetch back and names what went unanswered. */
export function endFetchStub(): string[] {
  const unmatched = made.flatMap((stub) => stub.unmatched.map((c) => `${c.method} ${c.url}`));
  made = [];
  vi.unstubAllGlobals();
  return unmatched;
}

/** Answers in turn; the last one answers every later request. */
export function sequence(...answers: Array<Handler | Answer>): Handler {
  let next = 0;
  return (call) => {
    const answer = answers[Math.min(next++, answers.length - 1)];
    if (typeof answer === 'function') return (answer as Handler)(call);
    return answer instanceof Response ? answer.clone() : answer;
  };
}

/** A request held open until the test releases (or fails) it: for what shows while waiting. */
export function deferred() {
  let release!: (answer: Answer) => void;
  let fail!: (error: unknown) => void;
  const answer = new Promise<Answer>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return { handler: (): Promise<Answer> => answer.then((a) => (a instanceof Response ? a.clone() : a)), release, fail };
}

/** What a GraphQL operation answers: the whole body ({data} or {errors}) or a Response. */
export type GraphqlHandler = (variables: Record<string, unknown>, call: FetchCall) => Answer | Promise<Answer>;

/**
 * A 'POST /api/graphql' route that answers by operation name (`mutation issueSetEpic(...)`);
 * an operation it does not list is an unmatched request.
 */
export function graphql(operations: Record<string, GraphqlHandler | Answer>): Handler {
  return (call) => {
    const query = String(call.body?.query ?? '');
    const name = /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(query)?.[1];
    const op = name === undefined ? undefined : operations[name];
    if (op === undefined) throw new NoRouteError(`no GraphQL operation ${name ?? '(unnamed)'}`);
    if (typeof op === 'function') return (op as GraphqlHandler)((call.body?.variables ?? {}) as Record<string, unknown>, call);
    return op instanceof Response ? op.clone() : op;
  };
}
