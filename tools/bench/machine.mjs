// The machine a benchmark ran on, and three calibration figures measured on it at the start of
// the run, so runs on different days (different VM hosts) can be compared: the same code gave
// 2-4.4x different throughputs on two "2 CPU AMD EPYC" VMs (docs/benchmarks.md, History).
//   syscall: ns per fs.fstatSync (a system call through Node's binding)
//   js: ms for a fixed CPU-only workload (JSON encode/decode of an issue-sized object)
//   http: µs per request of sequential keep-alive GETs to an in-process node:http server
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const DOC = path.resolve(new URL('../../docs/benchmarks.md', import.meta.url).pathname);

function syscallNs() {
  const n = 200_000;
  const fd = fs.openSync(process.execPath, 'r');
  try {
    for (let i = 0; i < 10_000; i++) fs.fstatSync(fd);
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fs.fstatSync(fd);
    return Number(process.hrtime.bigint() - t0) / n;
  } finally {
    fs.closeSync(fd);
  }
}

function jsMs() {
  const issue = {
    id: 1,
    iid: 1,
    title: 'A title of a typical length for an issue',
    description: 'word '.repeat(200),
    labels: ['bug', 'p1', 'backend'],
    assignees: Array.from({ length: 3 }, (_, i) => ({ id: i, username: `user${i}`, name: `User ${i}`, avatar_url: null })),
    lock_version: 7,
  };
  let sink = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < 50_000; i++) sink += JSON.parse(JSON.stringify({ ...issue, iid: i })).iid;
  if (sink < 0) throw new Error('unreachable');
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

async function httpUs() {
  const server = http.createServer((_req, res) => res.end('ok'));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: server.address().port, path: '/', agent }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject);
    });
  try {
    for (let i = 0; i < 200; i++) await get();
    const n = 2000;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await get();
    return Number(process.hrtime.bigint() - t0) / n / 1000;
  } finally {
    agent.destroy();
    await new Promise((r) => server.close(r));
  }
}

/** Runs the calibration (about 1 s); call it before any load starts. */
export async function calibrate() {
  return { syscallNs: syscallNs(), jsMs: jsMs(), httpUs: await httpUs() };
}

/** One line describing the machine, the calibration and the load average now. */
export function machineLine(cal) {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const calText = cal
    ? `; calibration at the start: ${cal.syscallNs.toFixed(0)} ns per fstat, ${cal.jsMs.toFixed(0)} ms JSON workload, ${cal.httpUs.toFixed(0)} µs per loopback HTTP request (tools/bench/machine.mjs)`
    : '';
  return `${cpus.length} CPU (${cpus[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}${calText}; load average at the end ${load}`;
}

/**
 * Replaces the section `<!-- bench:id -->` ... `<!-- /bench:id -->` of docs/benchmarks.md (or
 * appends it) with the markdown, the machine line and the command that produced it.
 */
export function writeSection(id, markdown, command, cal) {
  let doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const block = `${start}\n${markdown.trim()}\n\n_Measured ${new Date().toISOString()} on ${machineLine(cal)}. Command: \`${command}\`._\n${end}`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  doc = i >= 0 && j > i ? doc.slice(0, i) + block + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(DOC, doc);
  console.log(`\n${markdown}\n`);
}

/**
 * One goal's figures for the summary table of `npm run bench` (tools/bench/all.mjs): appended
 * as a JSON line to the file TANDEM_BENCH_SUMMARY names, when it is set.
 * row: { goal, tandem, floor, ratio, target, met }
 */
export function recordSummary(row) {
  const file = process.env.TANDEM_BENCH_SUMMARY;
  if (!file) return;
  fs.appendFileSync(file, `${JSON.stringify({ ...row, load: os.loadavg().map((l) => l.toFixed(1)).join(' ') })}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cal = await calibrate();
  console.log(machineLine(cal));
}
