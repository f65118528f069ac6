/** GitLab-style global IDs: `gid://tandem/<Type>/<id>`. */
export const GID_PREFIX = 'gid://tandem/';

export function toGlobalId(type: string, id: number | string): string {
  return `${GID_PREFIX}${type}/${id}`;
}

/**
 * The numeric id of a global ID of one of `types`, or null when it is malformed or names
 * another type (callers answer that as "not found", never a 500).
 */
export function parseGlobalId(gid: string, types: readonly string[]): number | null {
  const m = /^gid:\/\/(?:tandem|gitlab)\/([A-Za-z:]+)\/(\d{1,10})$/.exec(gid);
  if (!m || !types.includes(m[1]!)) return null;
  const n = Number(m[2]);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
