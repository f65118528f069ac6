import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@tandem/shared-types';

/**
 * Signed-in sessions for the e2e specs: sign-in through the API (the UI sign-in has its own
 * tests), the session's CSRF token, and writes through the session.
 */

/**
 * Each signed-in browser context's CSRF token, from the sign-in answer's `csrf_token`. Keyed by
 * the context, not the page: the session cookie is the context's, so every page of it (a second
 * tab) writes with the same token.
 */
const csrfTokens = new WeakMap<BrowserContext, string>();

/** Signs the page's browser context in as a demo user and remembers the session's CSRF token. */
export async function signIn(page: Page, login: string): Promise<void> {
  const res = await page.request.post('/users/sign_in', { data: { login, password: DEMO_PASSWORD } });
  expect(res.status(), `sign in as ${login}`).toBe(200);
  csrfTokens.set(page.context(), ((await res.json()) as { csrf_token: string }).csrf_token);
}

export interface SignedInPageOptions {
  /** Viewport width; 1280 when not given. */
  width?: number;
  /** Viewport height; 900 when not given. */
  height?: number;
  /** Refuse the Socket.IO WebSocket the moment it opens, as behind a proxy that drops WebSockets. */
  blockWebSocket?: boolean;
}

/**
 * The contexts signedInPage opened, with the test that opened them. Playwright closes only its own
 * `context` fixture after a test; contexts from `browser.newContext()` live until the worker's
 * browser closes, so every earlier journey's pages kept their sockets, polls and timers running
 * (a dozen idle renderers at mid-run, each taking CPU from the test at hand). The first
 * signedInPage of a test closes those of earlier tests.
 */
const opened: Array<{ testId: string; context: BrowserContext }> = [];

async function closeEarlierTests(testId: string): Promise<void> {
  const earlier = opened.filter((o) => o.testId !== testId);
  if (earlier.length === 0) return;
  opened.splice(0, opened.length, ...opened.filter((o) => o.testId === testId));
  await Promise.all(earlier.map((o) => o.context.close().catch(() => undefined)));
}

/** A page in a new browser context, signed in as a demo user (see `signIn`). */
export async function signedInPage(browser: Browser, login: string, opts: SignedInPageOptions = {}): Promise<Page> {
  const testId = test.info().testId;
  await closeEarlierTests(testId);
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 } });
  opened.push({ testId, context });
  if (opts.blockWebSocket) {
    await context.routeWebSocket(/\/socket\.io\//, (ws) => ws.close({ code: 1011, reason: 'blocked by test' }));
  }
  const page = await context.newPage();
  await signIn(page, login);
  return page;
}

/** The CSRF token of the page's session (signed in with `signedInPage` or `signIn`). */
export function csrfOf(page: Page): string {
  const csrf = csrfTokens.get(page.context());
  if (!csrf) throw new Error('no CSRF token for this page: sign it in with signedInPage() or signIn()');
  return csrf;
}

/** A write through the page's session with its CSRF token; expects a 2xx and returns the answer's JSON (undefined when empty). */
export async function api<T = unknown>(page: Page, method: 'post' | 'put' | 'delete', url: string, data?: unknown): Promise<T> {
  const res = await page.request[method](url, { data, headers: { 'x-csrf-token': csrfOf(page) } });
  const body = await res.text();
  expect(res.ok(), `${method} ${url}: ${res.status()} ${body}`).toBe(true);
  return (body ? JSON.parse(body) : undefined) as T;
}

/** Marks the document so a later `sameDocument` proves the page was never reloaded. */
export const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
/** Whether the document marked by `markDocument` is still the one shown. */
export const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** A new issue in `project` through the API as the page's user (201 expected); its iid. */
export async function createIssue(page: Page, project: string, data: { title: string; description?: string } & Record<string, unknown>): Promise<number> {
  const res = await page.request.post(`/api/v4/projects/${encodeURIComponent(project)}/issues`, { data, headers: { 'x-csrf-token': csrfOf(page) } });
  expect(res.status(), `create issue in ${project}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { iid: number }).iid;
}
