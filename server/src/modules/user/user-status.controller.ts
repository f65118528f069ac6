import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { USER_STATUS_CLEAR_AFTER, USER_STATUS_DEFAULT_EMOJI, userStatusSchema, VALIDATION, validationErrorMap, type ApiUserStatus } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { SignedInActor } from '../../core/http/current-actor.decorator';
import { scopeAllows, type Actor } from '../../core/policy/policy';
import { normalizeAwardName } from '../award/emoji-names';
import { validationErrorOf } from '../issue/issue.validation';
import { escapeHtml } from '../web/page-data';
import { User } from './user.entity';
import { NO_STATUS, UserStatusStore, type UserStatusRow } from './user-status.store';

const toApi = (s: UserStatusRow): ApiUserStatus => ({ availability: s.availability, message: s.message, emoji: s.emoji, message_html: s.message ? escapeHtml(s.message) : '', clear_status_at: s.clearStatusAt });

/**
 * GitLab's user status API: availability ("busy"), an emoji and a message, set by the user
 * themself, optionally clearing itself after one of the spec's durations (`clear_status_after`).
 */
@Controller('api/v4')
export class UserStatusController {
  constructor(
    private readonly statuses: UserStatusStore,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /** Policy: signed-in (the user's own status). */
  @Get('user/status')
  async mine(@SignedInActor() actor: Actor): Promise<ApiUserStatus> {
    return toApi((await this.statuses.forUsers([actor.id])).get(actor.id) ?? NO_STATUS);
  }

  /** Policy: own (a signed-in user sets their own status; a read_api token may not). */
  @Put('user/status')
  async set(@SignedInActor() actor: Actor, @Body() body: unknown): Promise<ApiUserStatus> {
    if (!scopeAllows(actor, 'update_issue')) throw new AppError('FORBIDDEN');
    const parsed = userStatusSchema.safeParse(body ?? {}, { errorMap: validationErrorMap });
    if (!parsed.success) throw validationErrorOf(parsed.error);
    const b = parsed.data;
    let emoji: string | null = null;
    if (b.emoji) {
      emoji = normalizeAwardName(b.emoji);
      if (!emoji) throw new ValidationError({ emoji: [VALIDATION.notEmojiName] });
    }
    const cur = (await this.statuses.forUsers([actor.id])).get(actor.id) ?? NO_STATUS;
    const message = b.message === undefined ? cur.message : b.message?.trim() || null;
    // GitLab: a message without an emoji gets the speech balloon; emoji and message are set together
    const next = {
      availability: b.availability ?? cur.availability,
      message,
      emoji: b.emoji === undefined && b.message === undefined ? cur.emoji : (emoji ?? (message ? USER_STATUS_DEFAULT_EMOJI : null)),
    };
    const clearAfter = b.clear_status_after ? USER_STATUS_CLEAR_AFTER.find((c) => c.value === b.clear_status_after)!.minutes : null;
    return toApi(await this.statuses.set(actor.id, next, clearAfter));
  }

  /** Policy: public (as the basic profile). */
  @Get('users/:id/status')
  async ofUser(@Param('id') id: string): Promise<ApiUserStatus> {
    const repo = this.ds.getRepository(User);
    const user = /^\d{1,9}$/.test(id) ? await repo.findOneBy({ id: Number(id) }) : id.length <= 255 ? await repo.createQueryBuilder('u').where('lower(u.username) = lower(:id)', { id }).getOne() : null;
    if (!user) throw new AppError('USER_NOT_FOUND');
    return toApi((await this.statuses.forUsers([user.id])).get(user.id) ?? NO_STATUS);
  }
}
