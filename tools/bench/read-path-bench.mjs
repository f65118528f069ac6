#!/usr/bin/env node
// The hot reads, beside each other and across builds: 16 closed-loop readers with alice's token,
// each asking in turn for an issue's discussions (REST), a merge request, the project's labels and
// her to-dos (`GET /api/v4/...`), for --ms; reads per second, and the server's and its Postgres
// backends' CPU per read. Several builds alternate in the same run, each on a fresh database (the
// first server of a round changes each round). Not a goal of its own: the check that a change to
// the reads every page makes (the project read, the merge request read, discussions, to-dos,
// Express's routing) made them cheaper, not dearer.
// Usage: node tools/bench/read-path-bench.mjs [--server path/to/dist/main.js ...] [--rounds 2] [--ms 6000]
//   BENCH_SERVER_NODE_ARGS: node's own flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
// Needs: the built server, Postgres on 127.0.0.1:5432 with trust auth.
import { calibrate, machineLine } from './machine.mjs';
import { alternateRounds, measureLoop, roundsOptions, withServer } from './server-rounds.mjs';

const { servers, rounds, ms: MS } = roundsOptions(process.argv.slice(2), { rounds: 2, ms: 6000 });
const PORT = 3624;
const DB = 'tandem_read_path_bench';
const PROJECT = encodeURIComponent('acme/tandem');

const run = (main) =>
  withServer(main, DB, PORT, async ({ url, pid, token }) => {
    const headers = { authorization: `Bearer ${token}` };
    const mrs = await (await fetch(`${url}/api/v4/projects/${PROJECT}/merge_requests`, { headers })).json();
    if (!mrs[0]) throw new Error('the demo project has no merge request');
    const paths = [`/api/v4/projects/${PROJECT}/issues/1/discussions`, `/api/v4/projects/${PROJECT}/merge_requests/${mrs[0].iid}`, `/api/v4/projects/${PROJECT}/labels`, '/api/v4/todos'];
    return measureLoop({
      pid,
      db: DB,
      ms: MS,
      request: (w, i) => [`${url}${paths[(w + i) % paths.length]}`, { headers }],
    });
  });

console.log(machineLine(await calibrate()));
await alternateRounds({
  servers,
  rounds,
  db: DB,
  run,
  unit: 'reads/s',
  per: 'read',
});
