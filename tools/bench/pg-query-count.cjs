// Preloaded into a server (`node --require tools/bench/pg-query-count.cjs ...`, e.g. through
// BENCH_NODE_ARGS): counts the SQL statements sent through `pg`, by their first words, and prints
// the counts to stderr when the process exits. For profiling only (docs/error-tracking.md).
const path = require('node:path');

const pg = require(require.resolve('pg', { paths: [path.resolve(__dirname, '../../server')] }));
const counts = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : config && typeof config.text === 'string' ? config.text : '?';
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return query.call(this, config, ...rest);
};
const report = () => {
  const rows = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25);
  process.stderr.write(`pg statements sent (top ${rows.length}):\n${rows.map(([k, n]) => `${String(n).padStart(8)}  ${k}`).join('\n')}\n`);
};
process.once('exit', report);
