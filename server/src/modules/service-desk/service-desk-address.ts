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
