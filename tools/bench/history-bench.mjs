#!/usr/bin/env node
// The history scrubber on a long-lived issue (issue #26): an issue with 10,000 events of which
// 500 are comments. In Chromium it measures the issue page's own load (until its title is in the
// document), opening the scrubber on it (click to slider shown: the snapshot page, the last
// events behind the state before them), the whole history in (the earlier pages loaded behind
// it), each step back with the slider (input to the next frame, p95) and jumps to random points
// (p95, max), beside a floor measured in the same page: one frame with no change. Opening at a
// moment not loaded (a ?at_seq= link: the server's snapshot at the nearest checkpoint plus
// replay) is timed from Node on random seqs. On the server: the largest page in bytes and the
// server's resident memory before and at its peak while the history is read.
// Usage: node tools/bench/history-bench.mjs [--rounds 5] [--events 10000] [--notes 500] [--save]
// Needs: the built server and client (npm run build), Postgres on 127.0.0.1:5432 with trust
// auth (TANDEM_BENCH_PG_URL to override) and Debian's chromium at /usr/bin/chromium.
// The comments are written through the API; the other events are appended to the log in one
// SQL statement shaped as the writer's (issue.updated and issue.labels alternating, seqs after
// the issue's own): seeding 9,500 PUTs would take minutes and add a system note to each. The
// checkpoint job the writer would have queued is queued by hand, and the bench waits for it.
/* global document, HTMLInputElement, requestAnimationFrame -- page.evaluate bodies run in the browser */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { api as apiAt, intOption, median, ROOT, token as tokenAt, withDatabase, withServerAndBrowser, withSignedInPage } from './browser-bench.mjs';
import { calibrate, machineLine, writeSection } from './machine.mjs';

const require = createRequire(path.join(ROOT, 'test/package.json'));
const pg = require('pg');
const PROJECT = 'acme/tandem';
const PORT = 3617;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const args = process.argv.slice(2);
const ROUNDS = intOption('history-bench', '--rounds', 5);
const EVENTS = intOption('history-bench', '--events', 10_000);
const NOTES = intOption('history-bench', '--notes', 500);
const SAVE = args.includes('--save');
const api = (tokenValue, method, p, body) => apiAt(URL_BASE, tokenValue, method, p, body);
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function seed(databaseUrl) {
  const alice = await tokenAt(URL_BASE, 'alice');
  const proj = `/projects/${encodeURIComponent(PROJECT)}`;
  const issue = await api(alice, 'POST', `${proj}/issues`, { title: 'History bench', description: 'A long-lived issue.' });
  for (let n = 1; n <= NOTES; n++) await api(alice, 'POST', `${proj}/issues/${issue.iid}/notes`, { body: `Comment ${n}: ${'lorem ipsum dolor sit amet '.repeat(3)}` });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const [{ event_seq: head }] = (await db.query('SELECT event_seq FROM issues WHERE id = $1', [issue.id])).rows;
    const [actor] = (await db.query(`SELECT id, username, name, state, false AS locked, avatar_url FROM users WHERE username = 'alice'`)).rows;
    const rest = EVENTS - head;
    await db.query(
      `WITH g AS (SELECT generate_series(1, $2::int) AS k)
       INSERT INTO issue_events (noteable_type, noteable_id, seq, type, payload, actor_id, created_at)
       SELECT 'Issue', $1, $3::int + k, CASE WHEN k % 2 = 0 THEN 'issue.labels' ELSE 'issue.updated' END,
         jsonb_build_object('actor', $4::jsonb, 'issue', jsonb_build_object('id', $1::int, 'iid', $5::int, 'project_path', $6::text),
           'payload', CASE WHEN k % 2 = 0
             THEN jsonb_build_object('labels', CASE WHEN k % 4 = 0 THEN '[]'::jsonb ELSE '[{"id": 1, "name": "bug", "color": "#d9534f", "text_color": "#FFFFFF", "description": null}]'::jsonb END)
             ELSE jsonb_build_object('fields', jsonb_build_object('title', 'History bench, edit ' || k, 'description', 'Edit ' || k || ' of a long-lived issue.', 'weight', k % 7, 'lock_version', k, 'updated_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) END),
         $7::int, now() + k * interval '1 millisecond'
       FROM g`,
      [issue.id, rest, head, JSON.stringify({ ...actor, web_url: `${URL_BASE}/alice` }), issue.iid, PROJECT, actor.id],
    );
    await db.query('UPDATE issues SET event_seq = event_seq + $2 WHERE id = $1', [issue.id, rest]);
    // The writer queues the checkpoint job after each commit that reaches a checkpoint seq; this
    // statement is not the writer, so queue it as it would, and wait until the server's job has run
    const every = 1000;
    await db.query(`INSERT INTO background_jobs (queue, payload) VALUES ('history-checkpoint', jsonb_build_object('noteable_type', 'Issue', 'noteable_id', $1::int))`, [issue.id]);
    const last = Math.floor(EVENTS / every) * every;
    for (let t0 = Date.now(); ; ) {
      const { rows } = await db.query(`SELECT 1 FROM history_checkpoints WHERE noteable_type = 'Issue' AND noteable_id = $1 AND seq = $2`, [issue.id, last]);
      if (rows.length) break;
      if (Date.now() - t0 > 300_000) throw new Error('the history checkpoint job did not run');
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await db.end();
  }
  return { issue, alice };
}

/** One round in a fresh signed-in page: the page's load, opening the scrubber, steps, jumps and the floor. */
async function round(browser, iid, serverPid) {
  return withSignedInPage(browser, URL_BASE, 'bob', async (page) => {
    await page.goto(`${URL_BASE}/${PROJECT}/-/issues/${iid}`, { waitUntil: 'domcontentloaded' });
    const loadMs = await page.waitForFunction(() => (document.querySelector('[data-testid="issue-title"]') ? performance.now() : 0), null, { polling: 'raf', timeout: 60_000 }).then((h) => h.jsonValue());
    const rssBefore = rssKb(serverPid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb(serverPid))), 20);
    const { openMs, fetchedMs, replayedMs, completeMs } = await page.evaluate(async () => {
      const t0 = performance.now();
      document.querySelector('[data-testid="history-open"]').click();
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const mark = (name) => performance.getEntriesByName(name).at(-1).startTime - t0;
      for (;;) {
        await frame();
        if (document.querySelector('[data-testid="history-slider"]')) break;
      }
      const opened = { openMs: performance.now() - t0, fetchedMs: mark('tandem:history-fetched'), replayedMs: mark('tandem:history-replayed') };
      while (!performance.getEntriesByName('tandem:history-complete').length) await frame();
      return { ...opened, completeMs: mark('tandem:history-complete') };
    });
    clearInterval(sampler);
    const inPage = await page.evaluate(async () => {
      const slider = document.querySelector('[data-testid="history-slider"]');
      const label = document.querySelector('[data-testid="history-step-count"]');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const moveTo = async (v) => {
        const t0 = performance.now();
        setValue.call(slider, String(v));
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        await frame();
        if (!label.textContent.startsWith(`Step ${v + 1} of`)) throw new Error(`step ${v} not shown: ${label.textContent}`);
        return performance.now() - t0;
      };
      const max = Number(slider.max);
      const floor = [];
      for (let k = 0; k < 60; k++) {
        const t0 = performance.now();
        await frame();
        floor.push(performance.now() - t0);
      }
      const steps = [];
      for (let v = max - 1; v >= Math.max(0, max - 200); v--) steps.push(await moveTo(v));
      const jumps = [];
      let seed = 7;
      for (let k = 0; k < 50; k++) {
        seed = (seed * 48271) % 2147483647;
        jumps.push(await moveTo(seed % (max + 1)));
      }
      return { floor, steps, jumps, total: max + 1 };
    });
    return { loadMs, openMs, fetchedMs, replayedMs, completeMs, rssBefore, rssPeak, ...inPage };
  });
}

/** Snapshot pages at random seqs as a ?at_seq= link asks them (the state before it from the nearest checkpoint, then 250 events): ms and bytes. */
async function snapshotJumps(tokenValue, iid, head, n = 40) {
  const ms = [];
  let largest = 0;
  let seed = 11;
  for (let k = 0; k < n; k++) {
    seed = (seed * 48271) % 2147483647;
    const t0 = performance.now();
    const r = await fetch(`${URL_BASE}/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/${iid}/history/snapshot?at_seq=${1 + (seed % head)}`, { headers: { authorization: `Bearer ${tokenValue}` } });
    const text = await r.text();
    ms.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`snapshot ${r.status}`);
    largest = Math.max(largest, text.length);
  }
  return { ms, largest };
}

async function largestPageBytes(tokenValue, iid) {
  let largest = 0;
  for (let after = 0; ; ) {
    const r = await fetch(`${URL_BASE}/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/${iid}/history?after_seq=${after}`, { headers: { authorization: `Bearer ${tokenValue}` } });
    const text = await r.text();
    largest = Math.max(largest, text.length);
    const body = JSON.parse(text);
    if (body.next_after_seq === null) return largest;
    after = body.next_after_seq;
  }
}

const cal = await calibrate();
console.log(machineLine(cal));
await withDatabase('tandem_history_bench', (databaseUrl) =>
  withServerAndBrowser({ databaseUrl, port: PORT }, async ({ browser, serverPid }) => {
    const t0 = Date.now();
    const { issue, alice } = await seed(databaseUrl);
    console.log(`seeded ${EVENTS} events (${NOTES} comments) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const pageBytes = await largestPageBytes(alice, issue.iid);
    const cold = await round(browser, issue.iid, serverPid); // the first open: checkpoints kept by the job, nothing else warm
    const jumps = await snapshotJumps(alice, issue.iid, EVENTS);
    const runs = [];
    for (let r = 0; r < ROUNDS; r++) runs.push(await round(browser, issue.iid, serverPid));
    const load = median(runs.map((x) => x.loadMs));
    const open = median(runs.map((x) => x.openMs));
    const all = (k) => runs.flatMap((x) => x[k]);
    const floorP95 = p95(all('floor'));
    const stepP95 = p95(all('steps'));
    const jumpP95 = p95(all('jumps'));
    const jumpMax = Math.max(...all('jumps'));
    const rssBefore = median(runs.map((x) => x.rssBefore)) / 1024;
    const rssPeak = Math.max(...runs.map((x) => x.rssPeak)) / 1024;
    const met = (ok) => (ok ? 'met' : 'missed');
    const markdown = [
      `### History scrubber on an issue with ${runs[0].total} events, ${NOTES} of them comments (Chromium, ${ROUNDS} rounds)`,
      '',
      '| figure | ms | goal (issue #26) |',
      '|---|---|---|',
      `| the issue page's own load (title in the document; median) | ${load.toFixed(1)} | |`,
      `| opening the scrubber (click to slider at the present: the snapshot page; median) | ${open.toFixed(1)} (${(open / load).toFixed(2)}x the page) | within 1.5x the page: ${met(open <= 1.5 * load)} |`,
      `| of which: snapshot page fetched / replayed / first render (median) | ${median(runs.map((x) => x.fetchedMs)).toFixed(1)} / ${median(runs.map((x) => x.replayedMs - x.fetchedMs)).toFixed(1)} / ${median(runs.map((x) => x.openMs - x.replayedMs)).toFixed(1)} | |`,
      `| the whole history in, earlier pages loaded behind the slider (median) | ${median(runs.map((x) => x.completeMs)).toFixed(1)} | |`,
      `| the first open of all (checkpoints kept by the background job, nothing read before): open / whole history | ${cold.openMs.toFixed(1)} / ${cold.completeMs.toFixed(1)} | |`,
      `| opening at a moment not loaded (GET history/snapshot?at_seq=random: nearest checkpoint + replay + 250 events; p95 / max of ${jumps.ms.length}) | ${p95(jumps.ms).toFixed(1)} / ${Math.max(...jumps.ms).toFixed(1)} | within 200 ms: ${met(p95(jumps.ms) <= 200)} |`,
      `| one step back, input to next frame (p95 of ${all('steps').length}) | ${stepP95.toFixed(1)} | within 50 ms: ${met(stepP95 <= 50)} |`,
      `| a jump to a random point of the loaded history (p95 / max of ${all('jumps').length}) | ${jumpP95.toFixed(1)} / ${jumpMax.toFixed(1)} | within 200 ms: ${met(jumpMax <= 200)} |`,
      `| floor: one frame with no change (p95) | ${floorP95.toFixed(1)} | |`,
      '',
      `Server: the largest history page is ${(pageBytes / 1024).toFixed(0)} KiB and the largest snapshot page ${(jumps.largest / 1024).toFixed(0)} KiB (the log is read 1,000 events at a time, never whole; a state is one issue's size); resident memory ${rssBefore.toFixed(0)} MiB before opening, ${rssPeak.toFixed(0)} MiB at its peak while the scrubber loads.`,
    ].join('\n');
    if (SAVE) writeSection('history-scrubber', markdown, `node tools/bench/history-bench.mjs --rounds ${ROUNDS} --events ${EVENTS} --notes ${NOTES} --save`, cal);
    else console.log(`\n${markdown}\n\n(not saved: add --save to write the section history-scrubber of docs/benchmarks.md)`);
  }),
);
