import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Worker } from 'node:worker_threads';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';

/**
 * The ingest connections' thread: a `pg` pool of its own that runs the statements the main
 * thread posts and posts back their rows (or the error's message and code). Plain JavaScript,
 * run with `eval`, so it is the same code from the sources (tests) and the build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Pool } = require(workerData.pgPath);
const pool = new Pool({ connectionString: workerData.connectionString, max: workerData.max, idleTimeoutMillis: 30000, application_name: 'tandem-ingest' });
pool.on('error', (err) => parentPort.postMessage({ op: 'warn', message: String(err && err.message) }));
parentPort.on('message', (m) => {
  if (m.op === 'close') {
    pool.end().then(() => parentPort.postMessage({ op: 'closed' }), () => parentPort.postMessage({ op: 'closed' }));
    return;
  }
  pool.query({ name: m.name, text: m.text, values: m.values }).then(
    (r) => parentPort.postMessage({ id: m.id, rows: r.rows }),
    (err) => parentPort.postMessage({ id: m.id, error: { message: String(err && err.message), code: err && err.code } }),
  );
});
`;

interface Reply {
  op?: 'warn' | 'closed';
  id?: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
  message?: string;
}

/**
 * Where ingest writes: on a Postgres server, a small pool of its own (ERROR_INGEST_CONNECTIONS)
 * on a thread of its own (worker_threads), so a burst of events never takes a connection an issue
 * write needs, and its socket work (sending each batch's rows to Postgres, reading the answer;
 * the largest part of the main thread's CPU per event before, docs/error-tracking.md) never
 * holds up the event loop that serves issue writes. The write statement is prepared once per
 * connection. On PGlite (one session, in-process) the application's pool, one write at a time.
 */
@Injectable()
export class IngestDb {
  private readonly logger = new Logger('ErrorIngest');
  private readonly url: string | null;
  private readonly max: number;
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>();
  private closing: Promise<void> | null = null;
  /** Writes that may run at once. */
  readonly connections: number;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.url = config.DATABASE_URL ?? null;
    this.max = config.ERROR_INGEST_CONNECTIONS;
    this.connections = this.url ? config.ERROR_INGEST_CONNECTIONS : 1;
  }

  /** One statement in its own implicit transaction; `name` prepares it once per connection. */
  async query(name: string, text: string, values: unknown[]): Promise<unknown[]> {
    if (!this.url) return (await this.ds.query(text, values)) as unknown[];
    if (this.closing) throw new Error('the ingest connections are closed');
    const worker = this.thread();
    const id = ++this.seq;
    return new Promise<unknown[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held while a statement is out: an idle ingest thread never keeps the process alive
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, name, text, values });
    });
  }

  /** Called by the writer once it has drained. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.closing ??= new Promise<void>((resolve) => {
      const done = () => {
        void worker.terminate().finally(resolve);
      };
      worker.on('message', (m: Reply) => m.op === 'closed' && done());
      worker.once('exit', () => resolve());
      worker.ref();
      worker.postMessage({ op: 'close' });
      setTimeout(done, 5000).unref();
    });
    await this.closing;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pgPath: require.resolve('pg'), connectionString: this.url, max: this.max } });
    worker.unref();
    worker.on('message', (m: Reply) => {
      if (m.op === 'warn') return this.logger.warn({ err: m.message }, 'idle ingest connection failed');
      if (m.id === undefined) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (!this.pending.size) worker.unref();
      if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else p.resolve(m.rows ?? []);
    });
    const lost = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', (err) => {
      this.logger.error({ err }, 'the ingest connections thread failed');
      lost(err);
    });
    worker.on('exit', (code) => lost(new Error(`the ingest connections thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
