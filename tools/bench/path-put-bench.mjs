#!/usr/bin/env node
// Title PUTs that name the project by path (`PUT /api/v4/projects/acme%2Ftandem/issues/:iid`, as
// GitLab's CLI sends them; they go through Express and answer with the hydrated issue), 16
// closed-loop writers on 5 issues, with the server's and its Postgres backends' CPU per PUT.
// Several builds are alternated in the same run, each on a fresh database.
// Usage: node tools/bench/path-put-bench.mjs [--server path/to/dist/main.js ...] [--rounds 3] [--ms 6000]
// Needs: the built server, Postgres on 127.0.0.1:5432 with trust auth.
import { calibrate, machineLine } from './machine.mjs';
import { alternateRounds, measureLoop, roundsOptions, withServer } from './server-rounds.mjs';

const { servers, rounds, ms: MS } = roundsOptions(process.argv.slice(2), { rounds: 3, ms: 6000 });
const PORT = 3623;
const DB = 'tandem_path_put_bench';

const run = (main) =>
  withServer(main, DB, PORT, ({ url, pid, token }) =>
    measureLoop({
      pid,
      db: DB,
      ms: MS,
      request: (w, i) => [
        `${url}/api/v4/projects/${encodeURIComponent('acme/tandem')}/issues/${1 + ((w + i) % 5)}`,
        {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `writer ${w} change ${i}` }),
        },
      ],
    }),
  );

console.log(machineLine(await calibrate()));
await alternateRounds({
  servers,
  rounds,
  db: DB,
  run,
  unit: 'PUT/s by path',
  per: 'PUT',
});
