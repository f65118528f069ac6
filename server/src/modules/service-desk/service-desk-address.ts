import { randomBytes } from 'node:crypto';
import { fullPathSlug, incomingAddress } from '../incoming-email/incoming-email-key';

/**
 * A project's service desk address key (GitLab's ServiceDeskEmail key):
 * `{project full path slug}-{project id}-issue-`, in INCOMING_EMAIL_ADDRESS's `%{key}`. The id
 * names the project; the slug only makes the address readable. Unlike an issue email (which ends
 * in `-issue-{iid}` after a user token) it names no user and no issue.
 */
export const serviceDeskKey = (project: { id: number; fullPath: string }) => `${fullPathSlug(project.fullPath)}-${project.id}-issue-`;

const KEY = /^(?:[a-z0-9-]*-)?(\d{1,10})-issue-$/;

/** The project id of a service desk key; null when the key is not one. */
export function parseServiceDeskKey(key: string): number | null {
  const m = KEY.exec(key.toLowerCase());
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The address external people write to; null when incoming mail is not configured. */
export const serviceDeskAddress = (pattern: string | undefined, project: { id: number; fullPath: string }): string | null =>
  pattern ? incomingAddress(pattern, serviceDeskKey(project)) : null;

/** A Service Desk issue's secret reply key: 32 hex characters (GitLab's sent notification reply_key). */
export const newReplyKey = () => randomBytes(16).toString('hex');

const REPLY_KEY = /^[0-9a-f]{32}$/;

/** The reply key in an incoming address's key; null when the key is not one. */
export const parseServiceDeskReplyKey = (key: string): string | null => (REPLY_KEY.test(key.toLowerCase()) ? key.toLowerCase() : null);

/** The Reply-To of a Service Desk issue's mails; null when incoming mail is not configured or the issue has no key. */
export const serviceDeskReplyAddress = (pattern: string | undefined, replyKey: string | null): string | null =>
  pattern && replyKey ? incomingAddress(pattern, replyKey) : null;
