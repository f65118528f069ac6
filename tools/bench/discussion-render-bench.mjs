#!/usr/bin/env node
// Long discussions stay fast (issue #10, item 10): the issue page of an issue with 500 notes
// against one with none, same server, same run, in Chromium. Per page load it takes the time to
// first byte (navigation responseStart), the largest contentful paint, and the time until the
// LAST comment is in the document (reachable); and discussions.json's answer time for each issue.
// Usage: node tools/bench/discussion-render-bench.mjs [--rounds 7] [--notes 500] [--port 3615] [--save]
//   Loads alternate (empty, long, empty, long, ...) in fresh browser contexts; medians are printed
//   with the ratio long/empty. --save writes the section discussion-render of docs/benchmarks.md.
// Needs: the built server and client (npm run build), Postgres on 127.0.0.1:5432 with trust
// auth (TANDEM_BENCH_PG_URL to override) and Debian's chromium at /usr/bin/chromium.
/* global window, document -- page.evaluate bodies run in the browser */
import { api as apiAt, intOption, median, sleep, token as tokenAt, withDatabase, withServerAndBrowser, withSignedInPage } from './browser-bench.mjs';
import { calibrate, machineLine, writeSection } from './machine.mjs';

const PROJECT = 'acme/tandem';
const PORT = intOption('discussion-render-bench', '--port', 3615);
const URL_BASE = `http://127.0.0.1:${PORT}`;
const args = process.argv.slice(2);
const ROUNDS = intOption('discussion-render-bench', '--rounds', 7);
const NOTES = intOption('discussion-render-bench', '--notes', 500);
const SAVE = args.includes('--save');
const api = (tokenValue, method, p, body) => apiAt(URL_BASE, tokenValue, method, p, body);
const token = (username) => tokenAt(URL_BASE, username);

/** Two issues: one without notes, one with NOTES notes (comments, and threads of five). */
async function seed() {
  const alice = await token('alice');
  const bob = await token('bob');
  const proj = `/projects/${encodeURIComponent(PROJECT)}`;
  const empty = await api(alice, 'POST', `${proj}/issues`, { title: 'Render bench: no comments', description: 'An issue with **no** discussion.' });
  const long = await api(alice, 'POST', `${proj}/issues`, { title: 'Render bench: long discussion', description: 'An issue with a **long** discussion.' });
  let n = 0;
  const body = (k) => `Comment ${k} with some \`code\`, a link to #1 and **emphasis**: ${'lorem ipsum dolor sit amet '.repeat(4)}`;
  while (n < NOTES) {
    if (n % 50 === 10 && NOTES - n >= 5) {
      const d = await api(n % 2 ? alice : bob, 'POST', `${proj}/issues/${long.iid}/discussions`, { body: body(++n) });
      for (let r = 0; r < 4; r++) await api(r % 2 ? alice : bob, 'POST', `${proj}/issues/${long.iid}/discussions/${d.id}/notes`, { body: body(++n) });
    } else {
      await api(n % 2 ? alice : bob, 'POST', `${proj}/issues/${long.iid}/notes`, { body: body(++n) });
    }
  }
  return { empty, long, lastText: `Comment ${n} with some`, bobToken: bob };
}

/** One page load in a fresh context: TTFB, LCP and when the marker text (if any) is in the document. */
async function load(browser, iid, marker) {
  return withSignedInPage(browser, URL_BASE, 'bob', async (page) => {
    await page.goto(`${URL_BASE}/${PROJECT}/-/issues/${iid}`, { waitUntil: 'load' });
    const reachedMs = marker
      ? await page.waitForFunction((m) => (document.body.innerText.includes(m) ? performance.now() : 0), marker, { timeout: 60_000, polling: 20 }).then((h) => h.jsonValue())
      : null;
    // LCP settles after the last large paint; give the page a moment past its last render
    await sleep(800);
    return await page.evaluate((reached) => {
      const nav = performance.getEntriesByType('navigation')[0];
      return { ttfb: nav.responseStart, lcp: window.__lcp, reached };
    }, reachedMs);
  });
}

async function discussionsJsonMs(bobToken, iid) {
  const times = [];
  for (let k = 0; k < 15; k++) {
    const t0 = performance.now();
    const r = await fetch(`${URL_BASE}/${PROJECT}/-/issues/${iid}/discussions.json`, { headers: { authorization: `Bearer ${bobToken}` } });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`discussions.json: HTTP ${r.status}`);
    times.push(performance.now() - t0);
  }
  return median(times.slice(3));
}

const cal = await calibrate();
console.log(machineLine(cal));
await withDatabase('tandem_render_bench', (databaseUrl) =>
  withServerAndBrowser({ databaseUrl, port: PORT }, async ({ browser }) => {
    const t0 = Date.now();
    const { empty, long, lastText, bobToken } = await seed();
    console.log(`seeded ${NOTES} notes in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const json = { empty: await discussionsJsonMs(bobToken, empty.iid), long: await discussionsJsonMs(bobToken, long.iid) };
    await load(browser, empty.iid, null); // warm both paths once
    await load(browser, long.iid, lastText);
    const runs = { empty: [], long: [] };
    for (let r = 0; r < ROUNDS; r++) {
      runs.empty.push(await load(browser, empty.iid, null));
      runs.long.push(await load(browser, long.iid, lastText));
    }
    const m = (kind, k) => median(runs[kind].map((x) => x[k]));
    const row = (label, e, l) => `| ${label} | ${e.toFixed(1)} | ${l.toFixed(1)} | ${(l / e).toFixed(2)}x |`;
    const markdown = [
      `### Issue page with ${NOTES} notes against none (Chromium, medians of ${ROUNDS} alternated loads)`,
      '',
      '| figure | no notes (ms) | ' + NOTES + ' notes (ms) | ratio |',
      '|---|---|---|---|',
      row('time to first byte', m('empty', 'ttfb'), m('long', 'ttfb')),
      row('largest contentful paint', m('empty', 'lcp'), m('long', 'lcp')),
      row('discussions.json answer (all notes)', json.empty, json.long),
      `| last comment in the document | n/a | ${m('long', 'reached').toFixed(1)} | |`,
      '',
      `Goal (issues #10, #24): first byte and largest paint within 1.5x of the empty issue, the last comment in the document within 2 s. ${m('long', 'ttfb') / m('empty', 'ttfb') <= 1.5 && m('long', 'lcp') / m('empty', 'lcp') <= 1.5 && m('long', 'reached') <= 2000 ? 'Met' : 'Missed'} in this run.`,
    ].join('\n');
    if (SAVE) writeSection('discussion-render', markdown, `node tools/bench/discussion-render-bench.mjs --rounds ${ROUNDS} --notes ${NOTES} --save`, cal);
    else console.log(`\n${markdown}\n\n(not saved: add --save to write the section discussion-render of docs/benchmarks.md)`);
  }),
);
