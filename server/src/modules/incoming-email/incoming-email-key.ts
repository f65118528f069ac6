/**
 * The key of an issue email address (GitLab's create_note_email for issues):
 * `{project full path slug}-{project id}-{user incoming_email_token}-issue-{iid}`. The user's
 * token makes it unguessable and per user; the project id and iid name the issue.
 */
export interface IncomingEmailKey {
  projectId: number;
  token: string;
  iid: number;
}

/** GitLab's full_path_slug: lowercase, runs of other characters become '-'. */
export const fullPathSlug = (fullPath: string) =>
  fullPath
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export const buildIncomingEmailKey = (projectFullPath: string, k: IncomingEmailKey) => `${fullPathSlug(projectFullPath)}-${k.projectId}-${k.token}-issue-${k.iid}`;

const KEY = /^(?:[a-z0-9-]*-)?(\d{1,10})-([a-z0-9]{20,32})-issue-(\d{1,10})$/;

export function parseIncomingEmailKey(key: string): IncomingEmailKey | null {
  const m = KEY.exec(key.toLowerCase());
  return m ? { projectId: Number(m[1]), token: m[2]!, iid: Number(m[3]) } : null;
}

/** The address for a key: the configured pattern with `%{key}` filled in. */
export const incomingAddress = (pattern: string, key: string) => pattern.replace('%{key}', key);

/**
 * The key in an address the mail was delivered to, when it matches the configured pattern
 * (incoming+%{key}@example.com), compared case-insensitively; null otherwise.
 */
export function keyFromAddress(pattern: string, address: string): string | null {
  const [before, after] = pattern.toLowerCase().split('%{key}') as [string, string];
  const a = address.trim().toLowerCase();
  if (!a.startsWith(before) || !a.endsWith(after) || a.length <= before.length + after.length) return null;
  return a.slice(before.length, a.length - after.length);
}
