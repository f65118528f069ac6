import { EMAIL_CONFIRMATION, type EmailConfirmationSetting } from '@tandem/shared-types';

const GRACE_MS = EMAIL_CONFIRMATION.softGraceDays * 86_400_000;

interface ConfirmableUser {
  confirmedAt: Date | null;
  createdAt: Date;
}

/**
 * Whether an account may sign in and its credentials authenticate (Devise's
 * active_for_authentication? with confirmable): always when confirmation is off or the address
 * is confirmed; under soft for the grace period after sign-up; under hard never before.
 */
export function mayUseAccount(setting: EmailConfirmationSetting, user: ConfirmableUser, now = Date.now()): boolean {
  if (setting === 'off' || user.confirmedAt) return true;
  return setting === 'soft' && user.createdAt.getTime() + GRACE_MS > now;
}

/** Soft: when an unconfirmed account's grace period ends (null: confirmed, or not soft). */
export function unconfirmedAccessUntil(setting: EmailConfirmationSetting, user: ConfirmableUser): Date | null {
  return setting === 'soft' && !user.confirmedAt ? new Date(user.createdAt.getTime() + GRACE_MS) : null;
}

/**
 * The same rule as SQL for the credential lookups, on the users alias `u`, with the setting as
 * the query parameter `param` (one statement text whatever the setting, so it stays prepared).
 */
export const mayUseAccountSql = (param: string) =>
  `(${param}::text = 'off' OR u.confirmed_at IS NOT NULL OR (${param}::text = 'soft' AND u.created_at > now() - interval '${EMAIL_CONFIRMATION.softGraceDays} days'))`;
