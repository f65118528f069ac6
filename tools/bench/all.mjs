#!/usr/bin/env node
// `npm run bench`: every goal of issue #27 beside its floor, in one command, and the summary
// table of docs/benchmarks.md ("Against the floors, one command") with the floor's figure and
// Tandem's side by side, the machine calibration and the command.
// Runs, in order: P3 (polls vs the bare ETag server), P5 (cross-node, 5 runs in a row), P4
// (memory per socket vs bare Socket.IO), P6 (restart vs the bare reconnect storm) and the write
// path vs the write floor; each saves its own section too. 7.0 minutes end to end on an idle
// 2-core machine (28 Nov 2026, before P5 gained its two-node floor, about a minute more).
// Usage: node tools/bench/all.mjs [--no-build] [--no-save] [--only p3,p5,p4,p6,write] [--quick]
//   --quick: the realtime scenarios at their small sizes (a check of the command, not figures)
// Needs what the benches need: Postgres on 127.0.0.1:5432 (trust), redis-server on the PATH,
// the write floor in ../shared/tools/floor (or TANDEM_FLOOR_DIR). TANDEM_BENCH_PORT_SHIFT moves
// every port.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { calibrate, machineLine, writeSection } from './machine.mjs';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const args = process.argv.slice(2);
const SAVE = !args.includes('--no-save');
const onlyAt = args.indexOf('--only');
const ONLY = onlyAt >= 0 ? new Set(args[onlyAt + 1].split(',')) : null;

const steps = [
  { id: 'p3', cmd: ['tools/bench/realtime-bench.mjs', 'p3'] },
  { id: 'p5', cmd: ['tools/bench/realtime-bench.mjs', 'p5', '--runs', '5'] },
  { id: 'p4', cmd: ['tools/bench/realtime-bench.mjs', 'p4'] },
  { id: 'p6', cmd: ['tools/bench/realtime-bench.mjs', 'p6'] },
  { id: 'write', cmd: ['tools/bench/write-path-bench.mjs', '--rounds', '2', '--ms', '8000', '--warmup', '8000'] },
]
  .filter((s) => !ONLY || ONLY.has(s.id))
  .map((s) => (args.includes('--quick') && s.id !== 'write' ? { ...s, cmd: [...s.cmd, '--quick'] } : s));

async function run(argv, env = {}) {
  const p = spawn(argv[0], argv.slice(1), { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const [code] = await once(p, 'exit');
  return code;
}

const t0 = Date.now();
if (!args.includes('--no-build')) {
  for (const ws of ['shared-types', 'server']) {
    if ((await run(['npm', 'run', 'build', '-w', ws])) !== 0) throw new Error(`build of ${ws} failed`);
  }
}
const cal = await calibrate();
console.log(machineLine(cal));
const summaryFile = path.join(os.tmpdir(), `tandem-bench-summary-${process.pid}.jsonl`);
fs.rmSync(summaryFile, { force: true });
const timings = [];
for (const s of steps) {
  const started = Date.now();
  console.log(`\n##### ${s.id} (${new Date().toISOString()}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  const code = await run([process.execPath, ...s.cmd, ...(SAVE ? ['--save'] : [])], { TANDEM_BENCH_SUMMARY: summaryFile });
  timings.push({ id: s.id, secs: (Date.now() - started) / 1000, code });
}
const rows = fs.existsSync(summaryFile)
  ? fs
      .readFileSync(summaryFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : [];
fs.rmSync(summaryFile, { force: true });
const totalMin = (Date.now() - t0) / 60_000;
const table = [
  '| goal (issue #27) | Tandem | floor | Tandem vs floor | target | met | load average then |',
  '|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.goal} | ${r.tandem} | ${r.floor} | ${r.ratio} | ${r.target} | ${r.met ? 'yes' : '**no**'} | ${r.load} |`),
].join('\n');
const failed = timings.filter((t) => t.code !== 0);
const markdown =
  `### Against the floors, one command (issue #27)\n\n` +
  `Every goal beside its floor in the same run (the floors: the bare ETag server, node A of the same two-node run, bare Socket.IO, the bare reconnect storm, the write floor); each scenario's own section below has the rounds. ` +
  `Steps: ${timings.map((t) => `${t.id} ${t.secs.toFixed(0)} s${t.code ? ` (exit ${t.code})` : ''}`).join(', ')}; ${totalMin.toFixed(1)} minutes in all.` +
  `${failed.length ? ` **Failed steps: ${failed.map((t) => t.id).join(', ')}.**` : ''}\n\n${table}`;
if (SAVE) writeSection('summary', markdown, `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`, cal);
else console.log(`\n${markdown}\n`);
process.exit(failed.length ? 1 : 0);
