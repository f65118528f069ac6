import { Controller, Get, Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AppError } from '../errors/app-error';
import { CurrentActor } from '../http/current-actor.decorator';
import type { Actor } from '../policy/policy';
import { Mailer, type OutboxMessage } from './mailer';

/** The mail Tandem sent, for developers (no mail server needed to follow an invitation link). */
@Controller('-/outbox')
export class OutboxController {
  constructor(
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: anyone while OUTBOX_PUBLIC (default outside production); admins otherwise (404 for others). */
  @Get()
  async list(@CurrentActor() actor: Actor | null): Promise<OutboxMessage[]> {
    const open = this.config.OUTBOX_PUBLIC ?? this.config.NODE_ENV !== 'production';
    if (!open && !actor?.isAdmin) throw new AppError('NOT_FOUND');
    return this.mailer.outbox();
  }
}
