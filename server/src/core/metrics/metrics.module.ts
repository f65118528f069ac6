import { Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { HttpMetricsMiddleware } from './http-metrics.middleware';
import { MetricsController } from './metrics.controller';
import { trackDbPool } from './metrics';

/** /-/metrics and the HTTP request metrics; the database pool is read at scrape time. */
@Module({
  controllers: [MetricsController],
  providers: [HttpMetricsMiddleware],
  exports: [HttpMetricsMiddleware],
})
export class MetricsModule implements OnModuleInit, OnApplicationShutdown {
  private untrack: () => void = () => undefined;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  onModuleInit(): void {
    this.untrack = trackDbPool((this.ds.driver as { master?: unknown }).master);
  }

  onApplicationShutdown(): void {
    this.untrack();
  }
}
