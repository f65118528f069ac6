import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import type { Actor } from '../../../core/policy/policy';
import { AwardWriter } from '../award-writer';
import type { Awardable } from '../awardable.loader';
import { reactor, type AwardOutcome } from './award-action';

/** GitLab's RemoveService text when the actor gave no such award. */
export const notAwarded = (name: string) => `User has not awarded emoji of type ${name} to the awardable`;

/** Removes the actor's own award of `name`. Policy: awardEmoji (one's own award only). */
@Injectable()
export class RemoveAwardAction {
  constructor(
    private readonly writer: AwardWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(actor: Actor | null, target: Awardable, name: string): Promise<AwardOutcome> {
    const awardable = await this.writer.withReactor(actor, target);
    const user = reactor(actor, awardable, this.config.publicUrl);
    const w = await this.writer.write(awardable, user, name, 'remove');
    return { award: null, toggledOn: false, error: w.removed.includes(name) ? null : notAwarded(name) };
  }
}
