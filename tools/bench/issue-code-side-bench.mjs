#!/usr/bin/env node
// The code side of the issue page costs little (issue #20, performance): the issue page of an
// issue with its related merge requests card (four merge requests, one from a fork), related
// branches and the create-merge-request dropdown's branch checks, against the SAME page with those
// three calls answered empty at once in the browser (the page as it was before them: no card, no
// branches, no dropdown checks), same server, same run, in Chromium. Per load: time to first
// byte (navigation responseStart) and largest contentful paint; goal: both within 1.2x.
// Usage: node tools/bench/issue-code-side-bench.mjs [--rounds 9] [--port 3617] [--save]
//   Loads alternate (without, with, ...) in fresh browser contexts; medians and their ratio are
//   printed. --save writes the section issue-code-side of docs/benchmarks.md.
// Needs: the built server and client (npm run build), Postgres on 127.0.0.1:5432 with trust
// auth (TANDEM_BENCH_PG_URL to override) and Debian's chromium at /usr/bin/chromium.
/* global window, document -- page.evaluate bodies run in the browser */
import { api as apiAt, intOption, median, sleep, token as tokenAt, withDatabase, withServerAndBrowser, withSignedInPage } from './browser-bench.mjs';
import { calibrate, machineLine, writeSection } from './machine.mjs';

const PROJECT = 'acme/tandem';
const PORT = intOption('issue-code-side-bench', '--port', 3617);
const URL_BASE = `http://127.0.0.1:${PORT}`;
const args = process.argv.slice(2);
const ROUNDS = intOption('issue-code-side-bench', '--rounds', 9);
const SAVE = args.includes('--save');
const api = (tokenValue, method, p, body) => apiAt(URL_BASE, tokenValue, method, p, body);

/** One issue with three related branches and four merge requests that close it (one from bob's fork). */
async function seed() {
  const alice = await tokenAt(URL_BASE, 'alice');
  const bob = await tokenAt(URL_BASE, 'bob');
  const proj = `/projects/${encodeURIComponent(PROJECT)}`;
  const upstream = await api(alice, 'GET', proj);
  const main = upstream.default_branch;
  const issue = await api(alice, 'POST', `${proj}/issues`, { title: 'Code side bench: an issue with merge requests', description: 'Fixed on **three** branches and a fork.' });
  for (const k of ['a', 'b', 'c']) {
    const branch = `${issue.iid}-fix-${k}`;
    await api(bob, 'POST', `${proj}/repository/branches?branch=${encodeURIComponent(branch)}&ref=${encodeURIComponent(main)}`);
    await api(bob, 'POST', `${proj}/merge_requests`, { source_branch: branch, target_branch: main, title: `Fix ${k}`, description: `Closes #${issue.iid}` });
  }
  const fork = await api(bob, 'POST', `${proj}/fork`, {});
  await api(bob, 'POST', `/projects/${fork.id}/repository/branches?branch=fork-fix&ref=${encodeURIComponent(main)}`);
  await api(bob, 'POST', `/projects/${fork.id}/merge_requests`, { source_branch: 'fork-fix', target_branch: main, target_project_id: upstream.id, title: 'Fix from a fork', description: `Closes ${PROJECT}#${issue.iid}` });
  const related = await api(bob, 'GET', `${proj}/issues/${issue.iid}/related_merge_requests`);
  if (related.length !== 4) throw new Error(`expected 4 related merge requests, got ${related.length}`);
  return issue;
}

/** The three calls of the code side, answered empty at once: the page without them. */
const EMPTY = [
  [/\/issues\/\d+\/related_merge_requests/, { body: '[]', headers: { 'x-total': '0' } }],
  [/\/-\/issues\/\d+\/related_branches/, { body: '{"branches":[]}' }],
  [/\/-\/issues\/\d+\/can_create_branch/, { body: '{"can_create_branch":false,"suggested_branch_name":""}' }],
];

/** One page load in a fresh context: TTFB, LCP and when the card's last merge request is shown (with). */
async function load(browser, iid, withCodeSide) {
  return withSignedInPage(browser, URL_BASE, 'bob', async (page) => {
    if (!withCodeSide) {
      for (const [pattern, answer] of EMPTY) await page.route(pattern, (route) => route.fulfill({ status: 200, contentType: 'application/json', ...answer }));
    }
    await page.goto(`${URL_BASE}/${PROJECT}/-/issues/${iid}`, { waitUntil: 'load' });
    const shown = withCodeSide
      ? await page.waitForFunction(() => (document.body.innerText.includes('Fix from a fork') ? performance.now() : 0), null, { timeout: 60_000, polling: 20 }).then((h) => h.jsonValue())
      : null;
    // LCP settles after the last large paint; give the page a moment past its last render
    await sleep(800);
    return await page.evaluate((cardShown) => {
      const nav = performance.getEntriesByType('navigation')[0];
      return { ttfb: nav.responseStart, lcp: window.__lcp, shown: cardShown };
    }, shown);
  });
}

const cal = await calibrate();
console.log(machineLine(cal));
await withDatabase('tandem_code_side_bench', (databaseUrl) =>
  withServerAndBrowser({ databaseUrl, port: PORT }, async ({ browser }) => {
    const issue = await seed();
    await load(browser, issue.iid, false); // warm both paths once
    await load(browser, issue.iid, true);
    const runs = { without: [], with: [] };
    for (let r = 0; r < ROUNDS; r++) {
      runs.without.push(await load(browser, issue.iid, false));
      runs.with.push(await load(browser, issue.iid, true));
    }
    const m = (kind, k) => median(runs[kind].map((x) => x[k]));
    const row = (label, a, b) => `| ${label} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)}x |`;
    const ttfb = m('with', 'ttfb') / m('without', 'ttfb');
    const lcp = m('with', 'lcp') / m('without', 'lcp');
    const markdown = [
      `### Issue page with its code side against the same page without it (Chromium, medians of ${ROUNDS} alternated loads)`,
      '',
      'With: the related merge requests card (four merge requests closing the issue, one from a fork), three related branches and the',
      "create-merge-request dropdown's can_create_branch check. Without: the same page with those three calls answered empty in the browser.",
      '',
      '| figure | without (ms) | with (ms) | ratio |',
      '|---|---|---|---|',
      row('time to first byte', m('without', 'ttfb'), m('with', 'ttfb')),
      row('largest contentful paint', m('without', 'lcp'), m('with', 'lcp')),
      `| last related merge request shown | n/a | ${m('with', 'shown').toFixed(1)} | |`,
      '',
      `Goal (issue #20): first byte and largest paint within 1.2x of the page without them. ${ttfb <= 1.2 && lcp <= 1.2 ? 'Met' : 'Missed'} in this run.`,
    ].join('\n');
    if (SAVE) writeSection('issue-code-side', markdown, `node tools/bench/issue-code-side-bench.mjs --rounds ${ROUNDS} --save`, cal);
    else console.log(`\n${markdown}\n\n(not saved: add --save to write the section issue-code-side of docs/benchmarks.md)`);
  }),
);
