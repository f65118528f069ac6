/**
 * Session settings every Tandem connection to a Postgres server starts with (the startup
 * packet's `options`, so they cost no round trip). A `PGOPTIONS` in the environment is kept and
 * ours follow it, so ours win where both set the same parameter.
 *
 * `jit=off`: Tandem's statements are short (one issue, one page of a list) but their correlated
 * subqueries (the viewer's level through the group hierarchy, per row) make the planner's cost
 * estimate pass `jit_above_cost`; Postgres then compiled each execution with LLVM, about 1.7 s
 * for a 20-issue page that runs in 15 ms (docs/decisions.md, "Postgres JIT is off").
 */
export const PG_SESSION_OPTIONS = '-c jit=off';

/** The `options` connection parameter for `pg`: the environment's PGOPTIONS, then ours. */
export function pgSessionOptions(env: NodeJS.ProcessEnv = process.env): string {
  return [env.PGOPTIONS?.trim(), PG_SESSION_OPTIONS].filter(Boolean).join(' ');
}
