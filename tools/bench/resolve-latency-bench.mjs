#!/usr/bin/env node
// How long a thread's resolve takes to reach another user's page, beside other changes in the
// same run (issue #24: "resolving a thread reaches the other page in about 470 ms, five times
// slower than any other change"). Two browsers on one issue: alice acts, bob watches.
// Per round, alternated: alice clicks "Resolve thread" / "Unresolve thread" in her page, alice
// edits a comment through the API, alice changes the title through the API. Each figure is the
// time from the action's start (wall clock, same machine) until bob's page shows the result;
// bob's page also records when the socket frame carrying the change arrived, so the figure
// splits into "to bob's socket" (server: request, SQL, event append, bus, emit) and "frame to
// DOM" (client: event received -> render). Prints the server's Server-Timing of the resolve
// request too. Medians per kind; the floor is the title change (the page's cheapest live change).
// Usage: node tools/bench/resolve-latency-bench.mjs [--rounds 15] [--port 3619] [--save]
// Needs: the built server and client, Postgres on 127.0.0.1:5432 (trust), /usr/bin/chromium.
/* global document, MutationObserver -- page.evaluate bodies run in the browser */
import { api as apiAt, intOption, median, sleep, token as tokenAt, withDatabase, withServerAndBrowser, withSignedInPage } from './browser-bench.mjs';
import { calibrate, machineLine, writeSection } from './machine.mjs';

const PROJECT = 'acme/tandem';
const args = process.argv.slice(2);
const ROUNDS = intOption('resolve-latency-bench', '--rounds', 15);
const PORT = intOption('resolve-latency-bench', '--port', 3619);
const SAVE = args.includes('--save');
const URL_BASE = `http://127.0.0.1:${PORT}`;
const api = (t, method, p, body) => apiAt(URL_BASE, t, method, p, body);
const proj = `/projects/${encodeURIComponent(PROJECT)}`;

/** Bob's page: the wall-clock time of every socket frame, and a waiter for a DOM condition. */
async function watch(page) {
  const frames = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push({ at: Date.now(), text: typeof f.payload === 'string' ? f.payload : '' })));
  return {
    frames,
    /** Wall-clock time at which `predicate(arg)` first holds in the page (checked on every mutation). */
    until: (predicate, arg) =>
      page.evaluate(
        ([src, a]) =>
          new Promise((resolve) => {
            const test = new Function('a', `return (${src})(a)`);
            if (test(a)) return resolve(Date.now());
            const mo = new MutationObserver(() => {
              if (test(a)) {
                mo.disconnect();
                resolve(Date.now());
              }
            });
            mo.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
          }),
        [predicate.toString(), arg],
      ),
  };
}

const resolvedIs = ([id, want]) => document.querySelector(`[data-discussion-id="${id}"]`)?.getAttribute('data-resolved') === want;
const noteHas = (text) => document.body.innerText.includes(text);
const titleIs = (text) => document.querySelector('[data-testid="issue-title"]')?.textContent?.includes(text) ?? false;

const cal = await calibrate();
console.log(machineLine(cal));
await withDatabase('tandem_resolve_bench', (databaseUrl) =>
  withServerAndBrowser({ databaseUrl, port: PORT }, async ({ browser }) => {
    const aliceToken = await tokenAt(URL_BASE, 'alice');
    const issue = await api(aliceToken, 'POST', `${proj}/issues`, { title: 'Resolve bench', description: 'Two pages, one thread.' });
    const thread = await api(aliceToken, 'POST', `${proj}/issues/${issue.iid}/discussions`, { body: 'A thread to resolve' });
    await api(aliceToken, 'POST', `${proj}/issues/${issue.iid}/discussions/${thread.id}/notes`, { body: 'A reply in it' });
    const comment = await api(aliceToken, 'POST', `${proj}/issues/${issue.iid}/notes`, { body: 'A comment to edit' });
    const url = `${URL_BASE}/${PROJECT}/-/issues/${issue.iid}`;
    const runs = { resolve: [], title: [], edit: [] };
    const timing = [];
    await withSignedInPage(browser, URL_BASE, 'bob', async (bob) => {
      const w = await watch(bob);
      await bob.goto(url, { waitUntil: 'load' });
      await bob.waitForSelector(`[data-discussion-id="${thread.id}"]`);
      await withSignedInPage(browser, URL_BASE, 'alice', async (alice) => {
        alice.on('response', async (r) => {
          if (r.url().includes('/resolve')) timing.push(r.headers()['server-timing'] ?? '');
        });
        await alice.goto(url, { waitUntil: 'load' });
        await alice.waitForSelector(`[data-discussion-id="${thread.id}"]`);
        await sleep(1000); // both sockets subscribed
        /** One measured change: start, the last frame of the change's event type that reached bob before his DOM showed it, bob's DOM. */
        const measure = async (kind, act, predicate, arg, marker) => {
          const seen = w.until(predicate, arg);
          const from = w.frames.length;
          const t0 = await act();
          const shown = await seen;
          const frame = w.frames.slice(from).filter((f) => f.at <= shown && f.text.includes(marker)).at(-1);
          runs[kind].push({ total: shown - t0, socket: frame ? frame.at - t0 : NaN, render: frame ? shown - frame.at : NaN });
          await sleep(300);
        };
        for (let r = 0; r < ROUNDS; r++) {
          const want = r % 2 === 0 ? 'true' : 'false';
          const label = want === 'true' ? 'Resolve thread' : 'Unresolve thread';
          await measure(
            'resolve',
            () =>
              alice.evaluate(([id, name]) => {
                const b = document.querySelector(`[data-discussion-id="${id}"] button[aria-label="${name}"]`);
                const t = Date.now();
                b.click();
                return t;
              }, [thread.id, label]),
            resolvedIs,
            [thread.id, want],
            '"note.updated"',
          );
          const title = `Resolve bench ${r}`;
          await measure('title', async () => {
            const t = Date.now();
            await api(aliceToken, 'PUT', `${proj}/issues/${issue.iid}`, { title });
            return t;
          }, titleIs, title, '"issue.updated"');
          const text = `A comment to edit, round ${r}`;
          await measure('edit', async () => {
            const t = Date.now();
            await api(aliceToken, 'PUT', `${proj}/issues/${issue.iid}/notes/${comment.id}`, { body: text });
            return t;
          }, noteHas, text, '"note.updated"');
        }
      });
    });
    const m = (kind, k) => median(runs[kind].map((x) => x[k]).filter((x) => Number.isFinite(x)));
    const row = (label, kind) => `| ${label} | ${m(kind, 'total').toFixed(0)} | ${m(kind, 'socket').toFixed(0)} | ${m(kind, 'render').toFixed(0)} | ${(m(kind, 'total') / m('title', 'total')).toFixed(2)}x |`;
    const markdown = [
      `### A change made by alice, seen on bob's page (Chromium, two browsers, medians of ${ROUNDS} alternated rounds)`,
      '',
      '| change | action to bob\'s DOM (ms) | to bob\'s socket frame (ms) | frame to DOM (ms) | vs title |',
      '|---|---|---|---|---|',
      row('resolve / unresolve a thread (alice clicks)', 'resolve'),
      row('edit a comment (REST PUT)', 'edit'),
      row('change the title (REST PUT), floor', 'title'),
      '',
      `Resolve request Server-Timing (last): \`${timing.at(-1) || 'none'}\`.`,
      `Goal (issue #24): resolving reaches the other page as fast as other changes (within 1.5x of the title change). ${m('resolve', 'total') <= 1.5 * m('title', 'total') ? 'Met' : 'Missed'} in this run.`,
    ].join('\n');
    if (SAVE) writeSection('resolve-latency', markdown, `node tools/bench/resolve-latency-bench.mjs --rounds ${ROUNDS} --save`, cal);
    else console.log(`\n${markdown}\n\n(not saved: add --save to write the section resolve-latency of docs/benchmarks.md)`);
  }),
);
