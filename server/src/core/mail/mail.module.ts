import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { Mailer } from './mailer';
import { OutboxController } from './outbox.controller';

/** Outgoing mail and the developers' outbox (GET /-/outbox). */
@Module({ imports: [JobsModule], controllers: [OutboxController], providers: [Mailer], exports: [Mailer] })
export class MailModule {}
