import { Inject } from '@nestjs/common';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { User } from '../user/user.entity';
import { toUserType } from '../user/user.graphql-types';
import { AddAwardAction } from './actions/add-award';
import type { AwardOutcome } from './actions/award-action';
import { RemoveAwardAction } from './actions/remove-award';
import { ToggleAwardAction } from './actions/toggle-award';
import {
  AwardEmojiAddInput,
  AwardEmojiAddPayload,
  AwardEmojiRemoveInput,
  AwardEmojiRemovePayload,
  AwardEmojiToggleInput,
  AwardEmojiTogglePayload,
  AwardEmojiType,
} from './award.graphql-types';
import type { AwardRecord } from './award.mapper';
import { parseAwardName } from './award.validation';
import { AwardableLoader } from './awardable.loader';
import { emojiFacts } from './emoji-names';
import { messagesOf } from '../issue/issue.resolver';

type Outcome = { clientMutationId: string | null; awardEmoji: AwardEmojiType | null; toggledOn: boolean; errors: string[] };

/**
 * awardEmojiToggle / Add / Remove (Relay classic). An awardable the actor cannot read is
 * GitLab's access error; a refusal (cannot react here, a bad name, a duplicate) is in `errors`.
 */
@Resolver()
export class AwardResolver {
  constructor(
    private readonly awardables: AwardableLoader,
    private readonly toggleAction: ToggleAwardAction,
    private readonly addAction: AddAwardAction,
    private readonly removeAction: RemoveAwardAction,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_issue (+ readable note) to find the awardable, then awardEmoji. */
  @Mutation(() => AwardEmojiTogglePayload, { nullable: true })
  awardEmojiToggle(@CurrentActor() actor: Actor | null, @Args('input') input: AwardEmojiToggleInput): Promise<Outcome> {
    return this.run(actor, input, (a, name) => this.toggleAction.execute(actor, a, name));
  }

  /** Policy: read_issue (+ readable note) to find the awardable, then awardEmoji. */
  @Mutation(() => AwardEmojiAddPayload, { nullable: true })
  awardEmojiAdd(@CurrentActor() actor: Actor | null, @Args('input') input: AwardEmojiAddInput): Promise<Outcome> {
    return this.run(actor, input, (a, name) => this.addAction.execute(actor, a, name));
  }

  /** Policy: read_issue (+ readable note) to find the awardable, then awardEmoji (own award). */
  @Mutation(() => AwardEmojiRemovePayload, { nullable: true })
  awardEmojiRemove(@CurrentActor() actor: Actor | null, @Args('input') input: AwardEmojiRemoveInput): Promise<Outcome> {
    return this.run(actor, input, (a, name) => this.removeAction.execute(actor, a, name));
  }

  private async run(actor: Actor | null, input: AwardEmojiToggleInput, act: (a: Awaited<ReturnType<AwardableLoader['byGlobalId']>>, name: string) => Promise<AwardOutcome>): Promise<Outcome> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const awardable = await this.awardables.byGlobalId(actor, input.awardableId);
    const out = (errors: string[], o?: AwardOutcome): Outcome => ({
      clientMutationId: input.clientMutationId ?? null,
      awardEmoji: o?.award ? this.toType(o.award, awardable.actorUser ?? null) : null,
      toggledOn: o?.toggledOn ?? false,
      errors,
    });
    let name: string;
    try {
      name = parseAwardName({ name: /^\d+$/.test(input.name) ? Number(input.name) : input.name });
    } catch (e) {
      if (e instanceof ValidationError) return out(messagesOf(e));
      throw e;
    }
    try {
      const o = await act(awardable, name);
      return out(o.error ? [o.error] : [], o);
    } catch (e) {
      // Cannot react here (system note, archived project, read-only token): GitLab's text in errors
      if (e instanceof AppError && e.code === 'FORBIDDEN') return out([e.message]);
      throw e;
    }
  }

  private toType(a: AwardRecord, user: User | null): AwardEmojiType {
    const facts = emojiFacts(a.name);
    return {
      name: a.name,
      description: facts?.description ?? a.name,
      emoji: facts?.emoji ?? '',
      unicode: facts?.hexcode ?? '',
      unicodeVersion: facts?.unicodeVersion ?? '',
      user: toUserType(user!, this.config.publicUrl),
    };
  }
}
