import { Module } from '@nestjs/common';
import { Mailer } from './mailer';
import { OutboxController } from './outbox.controller';

/** Outgoing mail and the developers' outbox (GET /-/outbox). */
@Module({ controllers: [OutboxController], providers: [Mailer], exports: [Mailer] })
export class MailModule {}
