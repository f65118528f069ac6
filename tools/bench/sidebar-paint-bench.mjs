#!/usr/bin/env node
// Sidebar first paint (issue #12): the issue page of an issue with many labels and every
// project member assigned against a bare issue, same server, same run, in Chromium. Per page
// load it takes the time from navigation start to the sidebar's first paint (the client's
// performance mark 'tandem:sidebar-first-paint', set the frame after the sidebar first commits),
// to the sidebar element being visible, and the time to first byte.
// Usage: node tools/bench/sidebar-paint-bench.mjs [--rounds 9] [--labels 60] [--save]
//   Loads alternate (bare, rich, bare, rich, ...) in fresh browser contexts; medians are printed
//   with the ratio rich/bare. --save writes the section sidebar-paint of docs/benchmarks.md.
// Needs: the built server and client (npm run build), Postgres on 127.0.0.1:5432 with trust
// auth (TANDEM_BENCH_PG_URL to override) and Debian's chromium at /usr/bin/chromium.
/* global document -- page.evaluate bodies run in the browser */
import { api as apiAt, intOption, median, token as tokenAt, withDatabase, withServerAndBrowser, withSignedInPage } from './browser-bench.mjs';
import { calibrate, machineLine, writeSection } from './machine.mjs';

const PROJECT = 'acme/tandem';
const PORT = 3617;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const MARK = 'tandem:sidebar-first-paint';
const args = process.argv.slice(2);
const ROUNDS = intOption('sidebar-paint-bench', '--rounds', 9);
const LABELS = intOption('sidebar-paint-bench', '--labels', 60);
const SAVE = args.includes('--save');

/** A bare issue, and one with LABELS labels (scoped ones among them), every member assigned, a milestone, weight and due date. */
async function seed() {
  const alice = await tokenAt(URL_BASE, 'alice');
  const proj = `/projects/${encodeURIComponent(PROJECT)}`;
  const bare = await apiAt(URL_BASE, alice, 'POST', `${proj}/issues`, { title: 'Sidebar bench: bare issue' });
  const titles = [];
  for (let k = 0; k < LABELS; k++) {
    const name = k % 4 === 0 ? `bench-scope-${k}::value` : `bench-label-${k}`;
    await apiAt(URL_BASE, alice, 'POST', `${proj}/labels`, { name, color: `#${((k * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}` });
    titles.push(name);
  }
  const members = await apiAt(URL_BASE, alice, 'GET', `${proj}/members/all?per_page=100`);
  const milestone = await apiAt(URL_BASE, alice, 'POST', `${proj}/milestones`, { title: 'Sidebar bench milestone', due_date: '2031-01-01' });
  const rich = await apiAt(URL_BASE, alice, 'POST', `${proj}/issues`, {
    title: 'Sidebar bench: many labels and assignees',
    labels: titles.join(','),
    assignee_ids: members.map((m) => m.id),
    milestone_id: milestone.id,
    weight: 5,
    due_date: '2031-01-01',
  });
  return { bare, rich, labels: rich.labels.length, assignees: rich.assignees.length };
}

/** One page load in a fresh context: navigation start to the sidebar's paint mark, to the sidebar visible, and TTFB. */
async function load(browser, iid) {
  return withSignedInPage(browser, URL_BASE, 'bob', async (page) => {
    await page.goto(`${URL_BASE}/${PROJECT}/-/issues/${iid}`, { waitUntil: 'commit' });
    const visibleMs = await page
      .waitForFunction(() => {
        const el = document.getElementById('issue-sidebar');
        return el && el.getBoundingClientRect().height > 0 && el.querySelector('[data-testid="sidebar-labels"]') ? performance.now() : 0;
      }, null, { timeout: 60_000, polling: 'raf' })
      .then((h) => h.jsonValue());
    const markMs = await page
      .waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? 0, MARK, { timeout: 60_000, polling: 'raf' })
      .then((h) => h.jsonValue());
    const ttfb = await page.evaluate(() => performance.getEntriesByType('navigation')[0].responseStart);
    return { mark: markMs, visible: visibleMs, ttfb };
  });
}

const cal = await calibrate();
console.log(machineLine(cal));
await withDatabase('tandem_sidebar_bench', (databaseUrl) =>
  withServerAndBrowser({ databaseUrl, port: PORT }, async ({ browser }) => {
    const { bare, rich, labels, assignees } = await seed();
    console.log(`rich issue: ${labels} labels, ${assignees} assignees`);
    await load(browser, bare.iid); // warm both paths once
    await load(browser, rich.iid);
    const runs = { bare: [], rich: [] };
    for (let r = 0; r < ROUNDS; r++) {
      runs.bare.push(await load(browser, bare.iid));
      runs.rich.push(await load(browser, rich.iid));
    }
    const m = (kind, k) => median(runs[kind].map((x) => x[k]));
    const row = (label, k) => `| ${label} | ${m('bare', k).toFixed(1)} | ${m('rich', k).toFixed(1)} | ${(m('rich', k) / m('bare', k)).toFixed(2)}x |`;
    const markdown = [
      `### Sidebar first paint: ${labels} labels and ${assignees} assignees against a bare issue (Chromium, medians of ${ROUNDS} alternated loads)`,
      '',
      '| figure, ms from navigation start | bare issue | rich issue | ratio |',
      '|---|---|---|---|',
      row('time to first byte', 'ttfb'),
      row(`sidebar first paint (mark ${MARK})`, 'mark'),
      row('sidebar visible with its labels block', 'visible'),
    ].join('\n');
    if (SAVE) writeSection('sidebar-paint', markdown, `node tools/bench/sidebar-paint-bench.mjs --rounds ${ROUNDS} --labels ${LABELS} --save`, cal);
    else console.log(`\n${markdown}\n\n(not saved: add --save to write the section sidebar-paint of docs/benchmarks.md)`);
  }),
);
