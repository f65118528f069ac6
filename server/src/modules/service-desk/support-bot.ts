import type { EntityManager } from 'typeorm';
import { SUPPORT_BOT } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import type { Actor } from '../../core/policy/policy';

/** The Support Bot (made by the ServiceDesk migration) as the actor service-desk issues are written by. */
export async function supportBotActor(m: Pick<EntityManager, 'query'>): Promise<Actor> {
  const [u] = (await m.query(`SELECT id FROM users WHERE user_type = $1 ORDER BY id LIMIT 1`, [SUPPORT_BOT.userType])) as Array<{ id: number }>;
  // The migration creates it; a database without it was changed by hand
  if (!u) throw new AppError('EMAIL_SERVICE_DESK_DISABLED');
  // It acts for the project's service desk (the mail_room secret authorised the post), never by a policy check of its own
  return { id: Number(u.id), username: SUPPORT_BOT.username, isAdmin: false, scopes: null };
}
