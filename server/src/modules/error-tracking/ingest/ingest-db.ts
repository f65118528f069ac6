import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { pgSessionOptions } from '../../../core/database/pg-session';

/**
 * Where ingest writes: on a Postgres server, a small pool of its own (ERROR_INGEST_CONNECTIONS),
 * so a burst of events never takes a connection an issue write needs, with the write statement
 * prepared once per connection; on PGlite (one session) the application's pool, one write at a
 * time.
 */
@Injectable()
export class IngestDb {
  private readonly logger = new Logger('ErrorIngest');
  private readonly pool: Pool | null;
  /** Writes that may run at once. */
  readonly connections: number;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.pool = config.DATABASE_URL ? new Pool({ connectionString: config.DATABASE_URL, max: config.ERROR_INGEST_CONNECTIONS, idleTimeoutMillis: 30_000, application_name: 'tandem-ingest', options: pgSessionOptions() }) : null;
    this.pool?.on('error', (err) => this.logger.warn({ err }, 'idle ingest connection failed'));
    this.connections = this.pool ? config.ERROR_INGEST_CONNECTIONS : 1;
  }

  /** One statement in its own implicit transaction; `name` prepares it once per connection. */
  async query(name: string, text: string, values: unknown[]): Promise<unknown[]> {
    if (!this.pool) return (await this.ds.query(text, values)) as unknown[];
    return (await this.pool.query({ name, text, values })).rows as unknown[];
  }

  /** Called by the writer once it has drained. */
  async close(): Promise<void> {
    await this.pool?.end();
  }
}
