/**
 * Where to go after signing in (or any other step that sends the browser on): the one rule,
 * used by the client's pages and by any server redirect. A target is resolved against the
 * origin as a browser would resolve it (tabs and newlines dropped, backslashes read as
 * slashes, `//host` taken as another host) and kept only when it stays on that origin.
 */

/** The query parameter the sign-in page reads its return path from (and every link to it sets). */
export const SIGN_IN_REDIRECT_PARAM = 'redirect';

export const SIGN_IN_PATH = '/users/sign_in';

/**
 * `raw` as a path on `origin` (path, query and hash), or null when it is missing, unparsable or
 * leads to another origin. The answer never starts with `//`, so it cannot be read as a host.
 */
export function sameOriginPath(raw: string | null | undefined, origin: string): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  // "/.//evil.example" resolves to the path "//evil.example": one leading slash only
  return `/${url.pathname.replace(/^\/+/, '')}${url.search}${url.hash}`;
}

/** The path to follow after sign-in: `raw` when it stays on `origin`, else the dashboard ("/"). */
export function safeRedirect(raw: string | null | undefined, origin: string): string {
  return sameOriginPath(raw, origin) ?? '/';
}

/** The sign-in page, returning to `returnTo` afterwards (no parameter for "/" or the sign-in page itself). */
export function signInPath(returnTo?: string | null): string {
  if (!returnTo || returnTo === '/' || returnTo.startsWith(SIGN_IN_PATH)) return SIGN_IN_PATH;
  return `${SIGN_IN_PATH}?${SIGN_IN_REDIRECT_PARAM}=${encodeURIComponent(returnTo)}`;
}
