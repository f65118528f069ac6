#!/usr/bin/env node
// Publishing a 30-draft review reaches another page at once (issue #21): alice submits a review
// of 30 drafts (POST .../draft_notes/bulk_publish) while bob's browser shows the merge request's
// Overview; the time from the request's start until bob's page shows the 30th comment, against
// the same for a single comment (POST .../notes), alternated in the same run. Bob's socket frames
// during each publish are counted (the frames carrying its comments).
// Usage: node tools/bench/review-publish-bench.mjs [--rounds 12] [--drafts 30] [--port 3621] [--save]
//   REVIEW_BENCH_DEBUG=1: the frames the other page got while the drafts were written, and its long
//   animation frames (with the scripts they ran) during each publish.
//   REVIEW_BENCH_PROFILE=<file>: a Chromium CPU profile of the other page over each publish (<file>.<round>.cpuprofile).
//   REVIEW_BENCH_TRACE=<file>: a Chromium trace of the last round's publish (style, layout, paint, script).
// Needs: the built server and client, Postgres on 127.0.0.1:5432 (trust), /usr/bin/chromium.
/* global document, MutationObserver, window -- page.evaluate bodies run in the browser */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api as apiAt, intOption, median, sleep, token as tokenAt, withDatabase, withServerAndBrowser, withSignedInPage } from './browser-bench.mjs';
import { calibrate, machineLine, writeSection } from './machine.mjs';

const PROJECT = 'acme/tandem';
const ROUNDS = intOption('review-publish-bench', '--rounds', 12);
const DRAFTS = intOption('review-publish-bench', '--drafts', 30);
const PORT = intOption('review-publish-bench', '--port', 3621);
const SAVE = process.argv.includes('--save');
const URL_BASE = `http://127.0.0.1:${PORT}`;
const api = (t, method, p, body) => apiAt(URL_BASE, t, method, p, body);
const proj = `/projects/${encodeURIComponent(PROJECT)}`;
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/**
 * Wall-clock time at which the page's text includes every one of `texts` (checked on each
 * mutation, on textContent: innerText would lay the page out at every mutation, and that check
 * alone took about a sixth of the review's figure in a profile of the page).
 */
const untilAll = (page, texts) =>
  page.evaluate(
    (want) =>
      new Promise((resolve) => {
        const ok = () => {
          const text = document.body.textContent ?? '';
          return want.every((t) => text.includes(t));
        };
        if (ok()) return resolve(Date.now());
        const mo = new MutationObserver(() => {
          if (ok()) {
            mo.disconnect();
            resolve(Date.now());
          }
        });
        mo.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    texts,
  );

/** The node's delivery-lag histogram (sum in seconds, count of emits), from /-/metrics (open to 127.0.0.1). */
async function deliveryLag() {
  const text = await (await fetch(`${URL_BASE}/-/metrics`)).text();
  const read = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { sum: read('tandem_realtime_delivery_lag_seconds_sum'), count: read('tandem_realtime_delivery_lag_seconds_count') };
}

// Its own data folder: the pushed repository must not outlive the run
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-publish-data-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
const cal = await calibrate();
console.log(machineLine(cal));
await withDatabase('tandem_publish_bench', (databaseUrl) =>
  withServerAndBrowser({ databaseUrl, port: PORT, env: { DATA_DIR: dataDir } }, async ({ browser }) => {
    const alice = await tokenAt(URL_BASE, 'alice');
    const list = await api(alice, 'GET', `${proj}/merge_requests?search=${encodeURIComponent('Add a contributing guide')}`);
    const iid = list[0].iid;
    const mrApi = `${proj}/merge_requests/${iid}`;
    const frames = [];
    await withSignedInPage(browser, URL_BASE, 'bob', async (page) => {
      page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push({ at: Date.now(), text: typeof f.payload === 'string' ? f.payload : '' })));
      await page.goto(`${URL_BASE}/${PROJECT}/-/merge_requests/${iid}`, { waitUntil: 'load' });
      await page.waitForSelector('[data-testid="notes-area"]');
      await sleep(1500); // subscribed
      // REVIEW_BENCH_PROFILE=<file>: a CPU profile of the other page over the rounds' publishes (Chromium's profiler)
      const cdp = process.env.REVIEW_BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      }
      const single = [];
      const review = [];
      const reviewFrames = [];
      // Where a review's time goes: the publish answered; its frame at bob's page; the page showing all of it
      const parts = { answered: [], frame: [], render: [], emit: [] };
      // The same for the single comment: its request answered, its frame at the other page
      const singleParts = { answered: [], frame: [] };
      for (let r = 0; r < ROUNDS + 1; r++) {
        const one = `single ${r} ${Date.now()}`;
        const seen1 = untilAll(page, [one]);
        const fromFrame1 = frames.length;
        const t1 = Date.now();
        await api(alice, 'POST', `${mrApi}/notes`, { body: one });
        const answered1 = Date.now() - t1;
        const d1 = (await seen1) - t1;
        const frame1 = frames.slice(fromFrame1).find((f) => f.text.includes(one));

        const beforeDrafts = frames.length;
        const tag = `review ${r} ${Date.now()}`;
        const texts = Array.from({ length: DRAFTS }, (_, k) => `${tag} draft ${k + 1}.`);
        for (const t of texts) await api(alice, 'POST', `${mrApi}/draft_notes`, { note: t });
        await sleep(300);
        // REVIEW_BENCH_DEBUG: the page's long animation frames during the publish, with the scripts they ran
        if (process.env.REVIEW_BENCH_DEBUG) {
          await page.evaluate(() => {
            window.__loaf = [];
            window.__loafObs?.disconnect();
            window.__loafObs = new PerformanceObserver((l) => window.__loaf.push(...l.getEntries().map((e) => ({ start: Math.round(e.startTime), dur: Math.round(e.duration), blocking: Math.round(e.blockingDuration), render: Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0), scripts: e.scripts.map((x) => `${x.invoker} ${Math.round(x.duration)}ms ${x.sourceFunctionName}@${x.sourceURL.split('/').pop()}:${x.sourceCharPosition}`) }))));
            window.__loafObs.observe({ type: 'long-animation-frame' });
          });
        }
        const seen = untilAll(page, texts);
        const fromFrame = frames.length;
        if (process.env.REVIEW_BENCH_DEBUG) console.log(`round ${r}: frames while drafting: ${frames.slice(beforeDrafts).map((f) => f.text.slice(0, 80)).join(' | ')}`);
        const lag0 = await deliveryLag();
        const t0 = Date.now();
        if (cdp && r > 0) await cdp.send('Profiler.start');
        // REVIEW_BENCH_TRACE=<file>: a Chromium trace (style, layout, paint, script) of the last round's publish
        const tracing = process.env.REVIEW_BENCH_TRACE && r === ROUNDS;
        if (tracing) await browser.startTracing(page, { path: process.env.REVIEW_BENCH_TRACE, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'] });
        await api(alice, 'POST', `${mrApi}/draft_notes/bulk_publish`);
        const answered = Date.now() - t0;
        const shown = await seen;
        if (tracing) await browser.stopTracing();
        if (cdp && r > 0) {
          const { profile } = await cdp.send('Profiler.stop');
          fs.writeFileSync(`${process.env.REVIEW_BENCH_PROFILE}.${r}.cpuprofile`, JSON.stringify(profile));
        }
        const d = shown - t0;
        await sleep(300);
        // The server's own figure: from the publish's statement to its emit to the room (this node's metric)
        const lag1 = await deliveryLag();
        const emitLag = lag1.count > lag0.count ? ((lag1.sum - lag0.sum) / (lag1.count - lag0.count)) * 1000 : NaN;
        const mine = frames.slice(fromFrame).filter((f) => f.text.includes(tag));
        if (process.env.REVIEW_BENCH_DEBUG) console.log(`round ${r}: long animation frames: ${JSON.stringify(await page.evaluate(() => window.__loaf))}`);
        if (r === 0) continue; // warm-up
        single.push(d1);
        singleParts.answered.push(answered1);
        // A round whose frame the page did not report is left out of the frame figures (NaN would unsort the percentiles)
        if (frame1) singleParts.frame.push(frame1.at - t1);
        review.push(d);
        reviewFrames.push(mine.length);
        const frameAt = mine.length ? mine[mine.length - 1].at - t0 : NaN;
        parts.answered.push(answered);
        parts.frame.push(frameAt);
        parts.render.push(d - frameAt);
        parts.emit.push(emitLag);
        console.log(`round ${r}: single ${d1} ms (answered ${answered1} ms, its frame at bob's page ${frame1 ? frame1.at - t1 : '-'} ms); review ${d} ms (publish answered ${answered} ms, its last frame at bob's page ${frameAt} ms of ${mine.length} (${mine.map((f) => `${f.at - t0} ms, ${f.text.length} chars`).join('; ')}), shown ${d - frameAt} ms after it; server: statement to emit ${emitLag.toFixed(1)} ms)`);
      }
      const p = (xs, q) => pct(xs, q).toFixed(1);
      const met = pct(review, 99) < 2 * pct(single, 99);
      const markdown = [
        `### Publishing a ${DRAFTS}-draft review against a single comment, to another open page (Chromium, ${ROUNDS} alternated rounds)`,
        '',
        '| figure | single comment (ms) | review of ' + DRAFTS + ' (ms) | ratio |',
        '|---|---|---|---|',
        `| request start to the other page showing it, median | ${p(single, 50)} | ${p(review, 50)} | ${(pct(review, 50) / pct(single, 50)).toFixed(2)}x |`,
        `| same, p99 | ${p(single, 99)} | ${p(review, 99)} | ${(pct(review, 99) / pct(single, 99)).toFixed(2)}x |`,
        `| request start to its last frame at the other page (the publish and its delivery, before the page renders), median | ${p(singleParts.frame, 50)} | ${p(parts.frame, 50)} | ${(pct(parts.frame, 50) / pct(singleParts.frame, 50)).toFixed(2)}x |`,
        `| same, p99 | ${p(singleParts.frame, 99)} | ${p(parts.frame, 99)} | ${(pct(parts.frame, 99) / pct(singleParts.frame, 99)).toFixed(2)}x |`,
        `| the request answered, median | ${p(singleParts.answered, 50)} | ${p(parts.answered, 50)} | ${(pct(parts.answered, 50) / pct(singleParts.answered, 50)).toFixed(2)}x |`,
        '',
        `Where the review's time went (medians): the publish request answered after ${median(parts.answered)} ms, the server emitted the review to the room ${median(parts.emit).toFixed(1)} ms after its write statement (its delivery-lag metric), its last frame reached the other page at ${median(parts.frame)} ms, and the page showed all ${DRAFTS} comments ${median(parts.render)} ms after that frame (frame times as Playwright reports them to the bench).`,
        '',
        `Per publish (median): ${median(reviewFrames)} socket frame(s) to the other page carried the review's comments (the publish is one transaction and reaches subscribers as one \`batch\` message of its note.created events, applied in one update: server/test/merge-request-drafts.int.spec.ts).`,
        '',
        `Goal (issue #21): one transaction, one batch to subscribers, p99 under 2x a single comment's. p99 ${met ? 'met' : 'missed'} in this run.`,
      ].join('\n');
      if (SAVE) writeSection('review-publish', markdown, `node tools/bench/review-publish-bench.mjs --rounds ${ROUNDS} --drafts ${DRAFTS} --save`, cal);
      else console.log(`\n${markdown}\n\n(not saved: add --save to write the section review-publish of docs/benchmarks.md)`);
    });
  }),
);
