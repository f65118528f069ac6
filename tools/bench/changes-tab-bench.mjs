#!/usr/bin/env node
// The Changes tab stays responsive (issue #21): a merge request of 50 files and 2,000 changed
// lines, its Changes tab (GitLab's /diffs URL) against its Overview, same server, same run, in
// Chromium. Per page load: the largest contentful paint and a time to interactive (the end of
// the last long task before a quiet second, or the first content when there is none). Then the
// whole Changes tab is scrolled, one step a frame: frames over 50 ms and long tasks are counted.
// Usage: node tools/bench/changes-tab-bench.mjs [--rounds 5] [--port 3617] [--save]
//   Loads alternate (overview, changes, ...) in fresh browser contexts; medians with the ratio
//   changes/overview. --save writes the section changes-tab of docs/benchmarks.md.
// Needs: the built server and client (npm run build), Postgres on 127.0.0.1:5432 with trust auth
// (TANDEM_BENCH_PG_URL to override), git, and Debian's chromium at /usr/bin/chromium.
/* global window, document, requestAnimationFrame -- page.evaluate bodies run in the browser */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { api as apiAt, DEMO_PASSWORD, intOption, median, sleep, token as tokenAt, withDatabase, withServerAndBrowser, withSignedInPage } from './browser-bench.mjs';
import { calibrate, machineLine, writeSection } from './machine.mjs';

const run = promisify(execFile);
const PROJECT = 'acme/tandem';
const PORT = intOption('changes-tab-bench', '--port', 3617);
const URL_BASE = `http://127.0.0.1:${PORT}`;
const ROUNDS = intOption('changes-tab-bench', '--rounds', 5);
const SAVE = process.argv.includes('--save');
const FILES = 50;
const LINES = 120;
/** Lines changed in each file (one in six, from the top): 20 removed and 20 added, 2,000 lines over 50 files. */
const CHANGED = 20;

/** 50 files of 120 lines on main, a branch that changes 20 of each file's lines (2,000 lines of diff: 1,000 removed, 1,000 added), its merge request. */
async function seed() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-changes-bench-'));
  const work = path.join(dir, 'repo');
  const env = { PATH: process.env.PATH, HOME: dir, GIT_TERMINAL_PROMPT: '0', GIT_AUTHOR_NAME: 'Alice', GIT_AUTHOR_EMAIL: 'alice@example.com', GIT_COMMITTER_NAME: 'Alice', GIT_COMMITTER_EMAIL: 'alice@example.com' };
  const git = (...a) => run('git', ['-C', work, ...a], { env, maxBuffer: 64 << 20 });
  try {
    await run('git', ['clone', '-q', `http://alice:${DEMO_PASSWORD}@127.0.0.1:${PORT}/${PROJECT}.git`, work], { env });
    const file = (f, changed) =>
      Array.from({ length: LINES }, (_, i) => {
        const hit = changed && i % 6 === 2 && Math.floor(i / 6) < CHANGED;
        return hit ? `export const value${f}_${i} = compute(${i}, 'changed'); // step ${i}` : `export const value${f}_${i} = compute(${i}, 'base'); // step ${i}`;
      }).join('\n') + '\n';
    fs.mkdirSync(path.join(work, 'bench'), { recursive: true });
    for (let f = 0; f < FILES; f++) fs.writeFileSync(path.join(work, 'bench', `module${String(f).padStart(2, '0')}.ts`), file(f, false));
    await git('add', '-A');
    await git('commit', '-q', '-m', 'Bench modules');
    await git('push', '-q', 'origin', 'HEAD:main');
    await git('checkout', '-q', '-b', 'bench-changes');
    for (let f = 0; f < FILES; f++) fs.writeFileSync(path.join(work, 'bench', `module${String(f).padStart(2, '0')}.ts`), file(f, true));
    await git('commit', '-q', '-am', 'Change every module');
    await git('push', '-q', 'origin', 'bench-changes');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const alice = await tokenAt(URL_BASE, 'alice');
  const mr = await apiAt(URL_BASE, alice, 'POST', `/projects/${encodeURIComponent(PROJECT)}/merge_requests`, { title: 'Changes bench', description: 'Fifty modules, **two thousand** lines.', source_branch: 'bench-changes', target_branch: 'main' });
  await apiAt(URL_BASE, alice, 'POST', `/projects/${encodeURIComponent(PROJECT)}/merge_requests/${mr.iid}/notes`, { body: 'A comment so the Overview has a discussion.' });
  return mr;
}

/** Long tasks (start, duration) from the page's start, kept in window.__long. */
const watchLongTasks = () => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
};

/** One load in a fresh context: LCP, and TTI once `ready` is in the document and a quiet second passed. */
async function load(browser, url, ready, scroll = false) {
  return withSignedInPage(browser, URL_BASE, 'bob', async (page) => {
    await page.addInitScript(watchLongTasks);
    await page.goto(url, { waitUntil: 'load' });
    const readyAt = await page.waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : 0), ready, { timeout: 60_000, polling: 10 }).then((h) => h.jsonValue());
    // Quiet: no long task for a second
    for (let k = 0; k < 30; k++) {
      await sleep(1000);
      const lastEnd = await page.evaluate(() => Math.max(0, ...window.__long.map(([s, d]) => s + d)));
      const now = await page.evaluate(() => performance.now());
      if (now - lastEnd >= 1000) break;
    }
    const out = await page.evaluate((r) => ({ lcp: window.__lcp, tti: Math.max(r, ...window.__long.map(([s, d]) => s + d)), longTasks: window.__long.length }), readyAt);
    if (!scroll) return out;
    // Scroll the whole diff, one step a frame, rendering files as they come near
    out.scroll = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const before = window.__long.length;
          const frames = [];
          // Where each slow frame came: its index and the scroll position (px of the page's height) it rendered
          const slowAt = [];
          let last = performance.now();
          const step = () => {
            const now = performance.now();
            frames.push(now - last);
            if (now - last > 50) slowAt.push(`frame ${frames.length} at ${Math.round(window.scrollY)}/${document.documentElement.scrollHeight} px: ${(now - last).toFixed(0)} ms`);
            last = now;
            const end = document.documentElement.scrollHeight - window.innerHeight;
            // A page that never lets the scroll reach its end is reported, not waited on forever
            if (frames.length >= 3000) {
              resolve({ frames: frames.length, slowFrames: frames.filter((f) => f > 50).length, worstFrame: Math.max(...frames), longTasks: window.__long.length - before, height: document.documentElement.scrollHeight, rows: document.querySelectorAll('tr.diff-line').length, slowAt, stuckAt: `${Math.round(window.scrollY)}/${document.documentElement.scrollHeight} px` });
              return;
            }
            if (window.scrollY >= end - 1) {
              // Let the last files render and be counted
              setTimeout(() => resolve({ frames: frames.length, slowFrames: frames.filter((f) => f > 50).length, worstFrame: Math.max(...frames), longTasks: window.__long.length - before, height: document.documentElement.scrollHeight, rows: document.querySelectorAll('tr.diff-line').length, slowAt }), 500);
              return;
            }
            window.scrollBy(0, 300);
            requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        }),
    );
    return out;
  });
}

// Its own data folder: the pushed repository must not outlive the run
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-changes-data-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
const cal = await calibrate();
console.log(machineLine(cal));
await withDatabase('tandem_changes_bench', (databaseUrl) =>
  withServerAndBrowser({ databaseUrl, port: PORT, env: { DATA_DIR: dataDir } }, async ({ browser }) => {
    const t0 = Date.now();
    const mr = await seed();
    const diffs = await (await fetch(`${URL_BASE}/${PROJECT}/-/merge_requests/${mr.iid}/diffs.json`, { headers: { authorization: `Bearer ${await tokenAt(URL_BASE, 'bob')}` } })).json();
    const lines = diffs.diff_files.reduce((n, f) => n + f.added_lines + f.removed_lines, 0);
    console.log(`seeded !${mr.iid}: ${diffs.diff_files.length} files, ${lines} changed lines in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const overview = `${URL_BASE}/${PROJECT}/-/merge_requests/${mr.iid}`;
    const changes = `${overview}/diffs`;
    const OVERVIEW_READY = '[data-testid="discussion"]';
    const CHANGES_READY = '[data-testid="diff-file"] tr.diff-line';
    await load(browser, overview, OVERVIEW_READY); // warm both paths once
    await load(browser, changes, CHANGES_READY);
    const runs = { overview: [], changes: [] };
    for (let r = 0; r < ROUNDS; r++) {
      runs.overview.push(await load(browser, overview, OVERVIEW_READY));
      runs.changes.push(await load(browser, changes, CHANGES_READY, true));
      const sc = runs.changes[r].scroll;
      console.log(`round ${r + 1}: scroll ${sc.frames} frames, ${sc.slowFrames} over 50 ms${sc.slowAt.length ? ` (${sc.slowAt.join('; ')})` : ''}, long tasks ${sc.longTasks}`);
      if (sc.stuckAt) throw new Error(`round ${r + 1}: the scroll did not reach the end of the Changes tab in ${sc.frames} frames (stuck at ${sc.stuckAt})`);
    }
    const m = (kind, k) => median(runs[kind].map((x) => x[k]));
    const s = (k) => median(runs.changes.map((x) => x.scroll[k]));
    const row = (label, o, c) => `| ${label} | ${o.toFixed(1)} | ${c.toFixed(1)} | ${(c / o).toFixed(2)}x |`;
    // No frame over 50 ms in any round's scroll (not only in the median round)
    const slowEach = runs.changes.map((x) => x.scroll.slowFrames);
    const worstEach = runs.changes.map((x) => x.scroll.worstFrame);
    const met = m('changes', 'lcp') / m('overview', 'lcp') <= 2 && m('changes', 'tti') / m('overview', 'tti') <= 2 && slowEach.every((n) => n === 0);
    const markdown = [
      `### Changes tab of ${diffs.diff_files.length} files and ${lines} changed lines against the Overview of the same merge request (Chromium, medians of ${ROUNDS} alternated loads)`,
      '',
      '| figure | Overview (ms) | Changes (ms) | ratio |',
      '|---|---|---|---|',
      row('largest contentful paint', m('overview', 'lcp'), m('changes', 'lcp')),
      row('time to interactive (last long task before a quiet second)', m('overview', 'tti'), m('changes', 'tti')),
      `| long tasks during the load | ${m('overview', 'longTasks')} | ${m('changes', 'longTasks')} | |`,
      '',
      `Scrolling the whole Changes tab (one 300 px step a frame, ${s('frames')} frames, ${s('rows')} diff rows rendered at the end, page ${s('height')} px): frames over 50 ms ${s('slowFrames')}, worst frame ${s('worstFrame').toFixed(1)} ms, long tasks ${s('longTasks')} (medians of ${ROUNDS}). Each round: frames over 50 ms ${slowEach.join(', ')}; worst frame ${worstEach.map((w) => w.toFixed(1)).join(', ')} ms.`,
      '',
      `Goal (issue #21): LCP and time to interactive at most 2x the Overview's, no frame over 50 ms while scrolling (in every round). ${met ? 'Met' : 'Missed'} in this run.`,
    ].join('\n');
    if (SAVE) writeSection('changes-tab', markdown, `node tools/bench/changes-tab-bench.mjs --rounds ${ROUNDS} --save`, cal);
    else console.log(`\n${markdown}\n\n(not saved: add --save to write the section changes-tab of docs/benchmarks.md)`);
  }),
);
