import { Controller, Get, Inject, Optional, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { REDIS_CONNECTIONS } from '../../core/realtime/redis';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const VERSION = (require('../../../package.json') as { version: string }).version;

/** A readiness probe answers within this; a hung dependency is "failed", not a hung probe. */
export const READINESS_TIMEOUT_MS = 1000;

/** The part of the shared Redis connections readiness uses (node-redis's ping). */
interface Pingable {
  cmd: { ping(): Promise<unknown> };
}

type Check = Array<{ status: 'ok' } | { status: 'failed'; message: string }>;

async function probe(run: () => Promise<unknown>, message: string): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), READINESS_TIMEOUT_MS);
      }),
    ]);
    return [{ status: 'ok' }];
  } catch {
    return [{ status: 'failed', message }];
  } finally {
    clearTimeout(timer);
  }
}

/** Policy: public (no data). */
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Optional() @Inject(REDIS_CONNECTIONS) private readonly redis: Pingable | null = null,
  ) {}

  @Get('-/liveness')
  liveness() {
    return { status: 'ok' };
  }

  /** GitLab's readiness shape: one `<name>_check` per dependency; 503 when any failed. */
  @Get('-/readiness')
  async readiness(@Res({ passthrough: true }) res: Response) {
    const redis = this.redis;
    const [master, redisCheck] = await Promise.all([
      probe(() => this.ds.query('SELECT 1'), 'database unreachable'),
      redis ? probe(() => redis.cmd.ping(), 'redis unreachable') : Promise.resolve(null),
    ]);
    const checks = { master_check: master, ...(redisCheck ? { redis_check: redisCheck } : {}) };
    const ok = Object.values(checks).every((c) => c[0]?.status === 'ok');
    if (!ok) res.status(503);
    return { status: ok ? 'ok' : 'failed', ...checks };
  }

  @Get('api/v4/version')
  version() {
    return { version: VERSION, revision: process.env.TANDEM_REVISION ?? 'dev' };
  }
}
