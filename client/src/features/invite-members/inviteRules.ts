import { isEmailToken, isExpiryAllowed, todayIso, type UserBasic } from '@tandem/shared-types';

/** What the member picker holds: a user chosen from the search, or a typed email address. */
export type Invitee = { kind: 'user'; user: UserBasic } | { kind: 'email'; email: string };

export const inviteeKey = (i: Invitee) => (i.kind === 'user' ? `user:${i.user.id}` : `email:${i.email.toLowerCase()}`);

/** Spec §5: typed text with an at sign becomes an email token; anything else must come from the search. */
export function emailTokenFrom(text: string): Invitee | null {
  const email = text.trim();
  return isEmailToken(email) ? { kind: 'email', email } : null;
}

/** Spec §4: Invite is enabled once at least one member or email is chosen, and the expiry (if any) is not in the past. */
export function canSubmitInvite(invitees: readonly Invitee[], expiresAt: string, today: string = todayIso()): boolean {
  if (!invitees.length) return false;
  return expiresAt === '' || isExpiryAllowed(expiresAt, today);
}

/** Spec §4: "Invite a group" is enabled once a group is chosen, with the same expiry rule. */
export function canSubmitGroupInvite(groupChosen: boolean, expiresAt: string, today: string = todayIso()): boolean {
  return groupChosen && (expiresAt === '' || isExpiryAllowed(expiresAt, today));
}
