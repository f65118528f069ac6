import { spawn, type ChildProcess } from 'node:child_process';

/**
 * git processes are started by a small helper process, not by the server itself.
 *
 * Node starts a child with fork(2) then exec, and fork copies the parent's page tables while
 * the event loop waits: from a server of 700 MB that is 45 ms per git command on the 2-core
 * machine (8 ms from a small process), and a merge request's creation runs dozens of them. The
 * helper is a bare `node` of a few MB that takes requests over its IPC channel, runs git with
 * the given arguments, environment and stdin, and sends back stdout, stderr and the exit code;
 * the server's event loop pays a message each way. Started on first use, restarted after it
 * dies (the calls in flight then fail), gone with the server (it exits when its channel closes).
 * Streaming git (git http-backend for clones and pushes) is spawned by the server directly.
 */

export interface SpawnRequest {
  bin: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  input?: Buffer | string;
  /** Stop reading after this many bytes of stdout and end git (the caller serves no more). */
  maxBytes?: number;
}

export interface SpawnResult {
  stdout: Buffer;
  stderr: string;
  code: number | null;
  signal: string | null;
  truncated: boolean;
}

type Reply = { id: number } & ({ error: string; errno?: string } | (Omit<SpawnResult, 'stdout'> & { stdout: Uint8Array }));

/**
 * The helper's whole program, run with `node -e`: it must not use anything from this module's
 * scope (its source text is what runs).
 */
function spawnerMain(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cp = require('node:child_process') as typeof import('node:child_process');
  const send = (m: unknown) => process.send?.(m);
  process.on('disconnect', () => process.exit(0));
  process.on('message', (m: { id: number; bin: string; args: string[]; env: NodeJS.ProcessEnv; cwd?: string; input?: Uint8Array | string; maxBytes?: number }) => {
    let child: import('node:child_process').ChildProcessWithoutNullStreams;
    try {
      child = cp.spawn(m.bin, m.args, { env: m.env, cwd: m.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (e) {
      send({ id: m.id, error: String((e as Error).message), errno: (e as { code?: string }).code });
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outLen = 0;
    let truncated = false;
    let failed = false;
    child.stdout.on('data', (b: Buffer) => {
      if (truncated) return;
      out.push(b);
      outLen += b.length;
      if (m.maxBytes !== undefined && outLen > m.maxBytes) {
        truncated = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e: Error & { code?: string }) => {
      failed = true;
      send({ id: m.id, error: e.message, errno: e.code });
    });
    child.stdin.on('error', () => undefined); // git may exit before reading all of stdin
    child.on('close', (code: number | null, signal: string | null) => {
      if (failed) return;
      send({ id: m.id, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), code, signal, truncated });
    });
    if (m.input !== undefined) child.stdin.end(m.input);
    else child.stdin.end();
  });
}

let helper: ChildProcess | null = null;
let nextId = 0;
const inFlight = new Map<number, { helper: ChildProcess; resolve: (r: SpawnResult) => void; reject: (e: Error) => void }>();

function startHelper(): ChildProcess {
  const child = spawn(process.execPath, ['-e', `(${spawnerMain.toString()})()`], {
    // nothing of the server's: no NODE_OPTIONS (profilers, loaders), only where binaries are
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  child.on('message', (reply: Reply) => {
    const call = inFlight.get(reply.id);
    if (!call) return;
    inFlight.delete(reply.id);
    holdWhileBusy(child);
    if ('error' in reply) call.reject(Object.assign(new Error(reply.error), { code: reply.errno }));
    else call.resolve({ ...reply, stdout: Buffer.from(reply.stdout.buffer, reply.stdout.byteOffset, reply.stdout.byteLength) });
  });
  const gone = (why: string) => {
    if (helper === child) helper = null;
    for (const [id, call] of inFlight) {
      // only this helper's calls: a replacement may already be running others
      if (call.helper !== child) continue;
      inFlight.delete(id);
      call.reject(new Error(`the git helper process ${why}`));
    }
  };
  child.on('exit', (code, signal) => gone(`exited (${signal ?? code})`));
  child.on('error', (e) => gone(`failed: ${e.message}`));
  // The helper never keeps the server alive on its own; its channel does while calls are in flight
  child.unref();
  holdWhileBusy(child);
  return child;
}

function holdWhileBusy(child: ChildProcess): void {
  const channel = (child as ChildProcess & { channel?: { ref(): void; unref(): void } }).channel;
  if ([...inFlight.values()].some((c) => c.helper === child)) channel?.ref();
  else channel?.unref();
}

/** Runs one git command through the helper process (started on first use). */
export function spawnGit(req: SpawnRequest): Promise<SpawnResult> {
  if (!helper || !helper.connected) helper = startHelper();
  const child = helper;
  const id = ++nextId;
  return new Promise<SpawnResult>((resolve, reject) => {
    inFlight.set(id, { helper: child, resolve, reject });
    holdWhileBusy(child);
    const sent = child.send({ id, bin: req.bin, args: req.args, env: req.env, cwd: req.cwd, input: req.input, maxBytes: req.maxBytes }, (e) => {
      if (!e || !inFlight.has(id)) return;
      inFlight.delete(id);
      reject(e);
    });
    if (!sent && !child.connected && inFlight.delete(id)) reject(new Error('the git helper process is gone'));
  });
}
