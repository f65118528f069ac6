/**
 * Express's router finds a request's route by trying every layer's regular expression in turn:
 * Tandem's app has several hundred layers (Nest's routes and middleware), and a request for one
 * registered late runs most of them (about 8 % of the server's CPU per read in a V8 profile of
 * `tools/bench/read-path-bench.mjs`: the router's `next` and path-to-regexp's `match`). This puts a
 * string test in front of each layer's own: a layer whose path starts with literal text (up to its
 * first parameter, wildcard, optional group or escape) cannot match a request path that does not
 * start with that text, compared without case (Express's default, and a necessary condition when
 * a router is case-sensitive too). It only ever skips a layer that would not have matched: the
 * layers, their order and every match are Express's own (`server/test/router-index.int.spec.ts` compares
 * every layer's answer with and without it over the app's real route table).
 */

/** What this needs of a router layer (router/lib/layer.js). */
interface RouterLayer {
  rawPath?: unknown;
  slash?: boolean;
  match(path: string | null | undefined): unknown;
}

/** The literal start of a layer's path, lower-cased, or null when it has none worth testing. */
export function literalPrefix(rawPath: unknown): string | null {
  if (typeof rawPath !== 'string') return null;
  // router/lib/layer.js loosens a path by dropping its trailing slashes before matching
  const loose = rawPath === '/' ? rawPath : rawPath.replace(/\/+$/, '');
  const cut = loose.search(/[:*{\\]/);
  const prefix = (cut < 0 ? loose : loose.slice(0, cut)).toLowerCase();
  return prefix.length > 1 ? prefix : null;
}

/** Whether `path` starts with `prefix` (lower-case ASCII), ASCII letters compared without case. */
export function startsWithFolded(path: string, prefix: string): boolean {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    let c = path.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

/** Puts the literal-prefix test in front of every layer of `router` that has one; returns how many. */
export function indexRouterLayers(router: { stack: RouterLayer[] }): number {
  let indexed = 0;
  for (const layer of router.stack) {
    const prefix = layer.slash ? null : literalPrefix(layer.rawPath);
    // A prefix with characters outside ASCII: folding it is not this test's business
    if (prefix === null || /[^\x20-\x7e]/.test(prefix)) continue;
    const own = layer.match;
    layer.match = function matchAfterPrefix(this: RouterLayer, path: string | null | undefined) {
      return typeof path === 'string' && !startsWithFolded(path, prefix) ? false : own.call(this, path);
    };
    indexed++;
  }
  return indexed;
}
