import { DISCUSSION_TEXTS } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { toUserBasic } from '../../user/user.mapper';
import type { AwardRecord } from '../award.mapper';
import type { Awardable } from '../awardable.loader';
import type { AwardWrite } from '../award-writer';

/** What an award action did: the award it added (if any) and a business error for the payload. */
export interface AwardOutcome {
  award: AwardRecord | null;
  toggledOn: boolean;
  /** A refusal the caller reports in its payload (GraphQL `errors`, REST message); nothing changed. */
  error: string | null;
}

/** The signed-in reactor, refused with the spec's text when they may not react here. */
export function reactor(actor: Actor | null, awardable: Awardable, publicUrl: string) {
  if (!actor) throw new AppError('UNAUTHORIZED');
  if (!awardable.canAward || !awardable.actorUser) throw new AppError('FORBIDDEN', DISCUSSION_TEXTS.awardNotAllowed);
  return toUserBasic(awardable.actorUser, publicUrl);
}

export function addedRecord(awardable: Awardable, user: AwardRecord['user'], w: AwardWrite): AwardRecord | null {
  if (!w.added) return null;
  return { id: w.added.id, name: w.added.name, awardableType: awardable.type, awardableId: awardable.id, createdAt: w.added.createdAt, updatedAt: w.added.updatedAt, user };
}
