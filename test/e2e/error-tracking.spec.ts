import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { ERROR_TRACKING_TEXTS } from '@tandem/shared-types';
import { markDocument, sameDocument, signedInPage } from './support/session';

// Turns error tracking on in the demo project, takes the DSN from the settings page, and reports
// errors with the real @sentry/node SDK in another process, as an application would.
const PROJECT = 'acme/tandem';
const run = promisify(execFile);
const report = (dsn: string, message: string) => run(process.execPath, [path.join(__dirname, 'support/sentry-sender.cjs')], { env: { ...process.env, SENTRY_DSN: dsn, SEND_MESSAGE: message }, timeout: 30_000 });

async function dsnOf(page: Page): Promise<string> {
  await page.goto(`/${PROJECT}/-/settings/error_tracking`);
  const enable = page.getByRole('checkbox', { name: 'Enable error tracking' });
  await expect(enable).toBeVisible();
  // Controlled by the saved setting: it turns checked once the PUT is answered
  if (!(await enable.isChecked())) await enable.click();
  await expect(enable).toBeChecked();
  const generate = page.getByRole('button', { name: 'Generate a DSN' });
  if (await generate.isVisible()) await generate.click();
  const dsn = page.getByTestId('error-tracking-dsn');
  await expect(dsn).toHaveValue(/^http:\/\/tdet_[0-9a-f]{32}@127\.0\.0\.1:\d+\/api\/v4\/error_tracking\/collector\/\d+$/);
  await expect(page.getByRole('button', { name: ERROR_TRACKING_TEXTS.copyDsn })).toBeVisible();
  return dsn.inputValue();
}

test('an error reported by the Sentry SDK while the list is open appears without a reload; "Create issue" opens an issue with the stack trace card, live', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const dsn = await dsnOf(alice);
  const message = `Invoice render ${Date.now()}`;

  await alice.goto(`/${PROJECT}/-/error_tracking`);
  await expect(alice.getByTestId('error-list')).toBeVisible();
  await markDocument(alice);
  await report(dsn, message);
  const row = alice.getByTestId('error-row').filter({ hasText: message });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('error-count')).toHaveText('1');
  // A second event of the same error: its count follows on screen
  await report(dsn, message);
  await expect(row.getByTestId('error-count')).toHaveText('2');
  expect(await sameDocument(alice)).toBe(true);

  // Recent searches: a trimmed search is remembered
  await alice.getByRole('searchbox', { name: 'Search errors' }).fill(`  ${message}  `);
  await alice.getByRole('searchbox', { name: 'Search errors' }).press('Enter');
  await expect(alice).toHaveURL(new RegExp(`search_term=${encodeURIComponent(message).replace(/%20/g, '\\+')}`));
  await expect(alice.getByTestId('error-row')).toHaveCount(1);

  await row.getByRole('link').click();
  await expect(alice.getByTestId('error-details')).toBeVisible();
  await expect(alice.getByTestId('error-events')).toHaveText('2');
  const trace = alice.getByTestId('stack-trace');
  await expect(trace).toContainText('renderInvoice');
  await expect(trace).toContainText('sentry-sender.cjs');
  await expect(trace).toContainText('order.lines.map');

  await alice.getByRole('button', { name: ERROR_TRACKING_TEXTS.createIssue }).click();
  await expect(alice).toHaveURL(/\/-\/issues\/\d+$/);
  await expect(alice.getByTestId('issue-title')).toContainText(message);
  const card = alice.getByTestId('issue-stack-trace');
  await expect(card).toContainText(ERROR_TRACKING_TEXTS.stackTrace);
  await expect(card.getByTestId('stack-trace')).toContainText('renderInvoice');
  await expect(card.getByTestId('issue-stack-trace-count')).toHaveText('2');
  await expect(card.getByTestId('issue-stack-trace-status')).toHaveText('Unresolved');
  // The error happens again: the card follows over the socket
  await report(dsn, message);
  await expect(card.getByTestId('issue-stack-trace-count')).toHaveText('3');
});

test('@sentry/browser in a page of another origin reports with the DSN from another origin; the error is listed with its browser frames', async ({ browser }, testInfo) => {
  const alice = await signedInPage(browser, 'alice');
  const dsn = await dsnOf(alice);
  // The application bundles the SDK, as a web app would
  const bundle = testInfo.outputPath('sentry-browser.js');
  const { build } = await import('rolldown');
  await build({ input: path.join(__dirname, 'support/sentry-browser-entry.mjs'), output: { format: 'iife', file: bundle }, logLevel: 'silent' });
  // The application's own origin (another port on this machine): the SDK's request is cross-origin
  const js = fs.readFileSync(bundle);
  const appServer = http.createServer((req, res) => {
    if (req.url === '/sentry.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Shop</title><p>shop</p><script src="/sentry.js"></script>');
  });
  await new Promise<void>((r) => appServer.listen(0, '127.0.0.1', r));
  const shop = await (await browser.newContext()).newPage();
  await shop.goto(`http://127.0.0.1:${(appServer.address() as AddressInfo).port}/`);
  await shop.waitForFunction(() => 'Sentry' in window);
  const message = `Browser checkout ${Date.now()}`;
  const flushed = await shop.evaluate(
    async ({ dsn: d, message: m }) => {
      const Sentry = (window as unknown as { Sentry: { init(o: object): void; captureException(e: unknown): void; flush(ms: number): Promise<boolean> } }).Sentry;
      Sentry.init({ dsn: d, release: 'web@1.0.0', environment: 'staging' });
      function addToCart() {
        throw new RangeError(m);
      }
      try {
        addToCart();
      } catch (e) {
        Sentry.captureException(e);
      }
      return Sentry.flush(10_000);
    },
    { dsn, message },
  );
  expect(flushed).toBe(true);
  await alice.goto(`/${PROJECT}/-/error_tracking?search_term=${encodeURIComponent(message)}`);
  const row = alice.getByTestId('error-row').filter({ hasText: message });
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(alice.getByTestId('stack-trace')).toContainText('addToCart');
  await shop.context().close();
  appServer.close();
});
