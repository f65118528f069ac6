import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import type { Actor } from '../../../core/policy/policy';
import type { Tx } from '../../../core/realtime/event-log.service';
import { AwardWriter } from '../award-writer';
import type { Awardable } from '../awardable.loader';
import { addedRecord, reactor, type AwardOutcome } from './award-action';

/** GitLab's validation text for a second identical award. */
export const AWARD_TAKEN = 'Name has already been taken';

/** Adds the actor's award (removing the other thumb); an award they gave already is refused. Policy: awardEmoji. */
@Injectable()
export class AddAwardAction {
  constructor(
    private readonly writer: AwardWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `tx`: inside the caller's transaction (a review's publish applies its drafts' /award there). */
  async execute(actor: Actor | null, target: Awardable, name: string, tx?: Tx): Promise<AwardOutcome> {
    const awardable = await this.writer.withReactor(actor, target, tx);
    const user = reactor(actor, awardable, this.config.publicUrl);
    const w = await this.writer.write(awardable, user, name, 'add', tx);
    const award = addedRecord(awardable, user, w);
    return { award, toggledOn: award !== null, error: award ? null : AWARD_TAKEN };
  }
}
