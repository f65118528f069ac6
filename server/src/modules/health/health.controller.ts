import { Controller, Get, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const VERSION = (require('../../../package.json') as { version: string }).version;

/** Policy: public (no data). */
@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  @Get('-/liveness')
  liveness() {
    return { status: 'ok' };
  }

  @Get('-/readiness')
  async readiness(@Res({ passthrough: true }) res: Response) {
    try {
      await this.ds.query('SELECT 1');
      return { status: 'ok', master_check: [{ status: 'ok' }] };
    } catch {
      res.status(503);
      return { status: 'failed', master_check: [{ status: 'failed', message: 'database unreachable' }] };
    }
  }

  @Get('api/v4/version')
  version() {
    return { version: VERSION, revision: process.env.TANDEM_REVISION ?? 'dev' };
  }
}
