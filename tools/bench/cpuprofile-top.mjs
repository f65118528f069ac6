#!/usr/bin/env node
// Summarises a V8 .cpuprofile (node --cpu-prof): the functions with the most self time, and the
// inclusive time of functions whose name or file matches --focus (a regular expression).
// Usage: node tools/bench/cpuprofile-top.mjs <file.cpuprofile> [--top 30] [--focus 'normalizeEvent|write']
import fs from 'node:fs';

const args = process.argv.slice(2);
const file = args[0];
if (!file) {
  console.error('usage: cpuprofile-top.mjs <file.cpuprofile> [--top N] [--focus REGEX]');
  process.exit(2);
}
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const TOP = Number(opt('--top', 30));
const focus = opt('--focus', null);
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// Sample time per node: each sample lasts its time delta
const selfUs = new Map();
prof.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const label = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|src|dist)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
const self = new Map();
for (const [id, us] of selfUs) {
  const l = label(byId.get(id));
  self.set(l, (self.get(l) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
console.log(`total sampled ${(total / 1000).toFixed(0)} ms`);
console.log(`\nself time, top ${TOP}:`);
for (const [l, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(us)}  ${l}`);
if (focus) {
  const re = new RegExp(focus);
  // Inclusive: a sample counts once for each distinct matching label on its stack
  const incl = new Map();
  for (const [id, us] of selfUs) {
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const l = label(byId.get(n));
      if (re.test(l) && !seen.has(l)) {
        seen.add(l);
        incl.set(l, (incl.get(l) ?? 0) + us);
      }
    }
  }
  console.log(`\ninclusive time, matching /${focus}/:`);
  for (const [l, us] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(us)}  ${l}`);
}
