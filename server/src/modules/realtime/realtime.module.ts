import { Module } from '@nestjs/common';

/** The Socket.IO gateway, polling cache and replay (issue #3). */
@Module({})
export class RealtimeModule {}
