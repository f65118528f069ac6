import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import type { Actor } from '../../../core/policy/policy';
import { AwardWriter } from '../award-writer';
import type { Awardable } from '../awardable.loader';
import { addedRecord, reactor, type AwardOutcome } from './award-action';

/**
 * Toggles the actor's award (spec §4: adds it if absent, otherwise removes it); adding one
 * thumb removes the other in the same statement. Policy: awardEmoji (issuePermissions, and
 * for a note: readable, not a system note).
 */
@Injectable()
export class ToggleAwardAction {
  constructor(
    private readonly writer: AwardWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(actor: Actor | null, target: Awardable, name: string): Promise<AwardOutcome> {
    const awardable = await this.writer.withReactor(actor, target);
    const user = reactor(actor, awardable, this.config.publicUrl);
    const w = await this.writer.write(awardable, user, name, 'toggle');
    return { award: addedRecord(awardable, user, w), toggledOn: w.added !== null, error: null };
  }
}
