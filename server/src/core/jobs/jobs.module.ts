import { Module } from '@nestjs/common';
import { JobQueue } from './job-queue';

/** The one job mechanism (job-queue.ts), for every module that queues background work. */
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobsModule {}
