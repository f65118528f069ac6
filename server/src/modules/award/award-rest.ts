import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiAwardEmoji } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { AddAwardAction } from './actions/add-award';
import { RemoveAwardAction } from './actions/remove-award';
import { AwardFinder } from './award.finder';
import { toApiAwardEmoji } from './award.mapper';
import { parseAwardName } from './award.validation';
import type { Awardable } from './awardable.loader';

/**
 * GitLab REST v4 award_emoji answers on any awardable (issues, notes, epics): "404 Award Emoji
 * Not Found" where the actor may not react, a second identical award "404 Award Emoji Name has
 * already been taken Not Found", deleting someone else's award 401.
 */
@Injectable()
export class AwardRest {
  constructor(
    private readonly finder: AwardFinder,
    private readonly add: AddAwardAction,
    private readonly remove: RemoveAwardAction,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(awardable: Awardable, q: Record<string, unknown>, req: Request, res: Response): Promise<ApiAwardEmoji[]> {
    const page = pageParams(q);
    const all = await this.finder.list(awardable.type, awardable.id);
    setPaginationHeaders(req, res, this.config.publicUrl, page, all.length);
    return all.slice((page.page - 1) * page.perPage, page.page * page.perPage).map(toApiAwardEmoji);
  }

  async show(awardable: Awardable, awardId: string): Promise<ApiAwardEmoji> {
    const award = /^\d{1,10}$/.test(awardId) ? await this.finder.find(awardable.type, awardable.id, Number(awardId)) : null;
    if (!award) throw new AppError('AWARD_NOT_FOUND');
    return toApiAwardEmoji(award);
  }

  async create(actor: Actor, awardable: Awardable, body: unknown): Promise<ApiAwardEmoji> {
    const name = parseAwardName(body);
    if (!awardable.canAward) throw new AppError('AWARD_NOT_FOUND');
    const { award, error } = await this.add.execute(actor, awardable, name);
    if (!award) throw new AppError('AWARD_NOT_FOUND', `404 Award Emoji ${error} Not Found`);
    return toApiAwardEmoji(award);
  }

  async destroy(actor: Actor, awardable: Awardable, awardId: string): Promise<void> {
    const award = /^\d{1,10}$/.test(awardId) ? await this.finder.find(awardable.type, awardable.id, Number(awardId)) : null;
    if (!award) throw new AppError('AWARD_NOT_FOUND');
    if (award.user.id !== actor.id) throw new AppError('UNAUTHORIZED');
    if (!awardable.canAward) throw new AppError('AWARD_NOT_FOUND');
    const { error } = await this.remove.execute(actor, awardable, award.name);
    // Removed meanwhile by another request: the award is gone either way
    if (error) throw new AppError('AWARD_NOT_FOUND');
  }
}
