import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { userStatusSchema, validationErrorMap, type ApiUserStatus } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { SignedInActor } from '../../core/http/current-actor.decorator';
import { scopeAllows, type Actor } from '../../core/policy/policy';
import { validationErrorOf } from '../issue/issue.validation';
import { User } from './user.entity';
import { NO_STATUS, UserStatusStore, type UserStatusRow } from './user-status.store';

const toApi = (s: UserStatusRow): ApiUserStatus => ({ availability: s.availability, message: s.message, emoji: null, message_html: '' });

/** GitLab's user status API: availability ("busy") and a message, set by the user themself. */
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
    const cur = (await this.statuses.forUsers([actor.id])).get(actor.id) ?? NO_STATUS;
    const next: UserStatusRow = {
      availability: parsed.data.availability ?? cur.availability,
      message: parsed.data.message === undefined ? cur.message : parsed.data.message?.trim() || null,
    };
    return toApi(await this.statuses.set(actor.id, next));
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
