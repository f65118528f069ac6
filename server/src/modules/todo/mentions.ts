/**
 * Who a text mentions (GitLab's @username references), and who of them gets a 'mentioned'
 * to-do. Pure, so the rules are unit-tested apart from the database.
 */

const FENCE = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm;
const INLINE_CODE = /`[^`\n]*`/g;
const MENTION = /(^|[^A-Za-z0-9_.`/@-])@([A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?)/g;

/** Usernames @mentioned in markdown (lower case, in order, once each); code spans and fences are not mentions. */
export function mentionedUsernames(text: string | null | undefined): string[] {
  if (!text || !text.includes('@')) return [];
  const prose = text.replace(FENCE, '').replace(INLINE_CODE, '');
  const out: string[] = [];
  for (const m of prose.matchAll(MENTION)) {
    const name = m[2]!.toLowerCase();
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

export interface MentionCandidate {
  id: number;
  /** May read the issue (and, for an internal note, internal notes). */
  canRead: boolean;
  /** Already has a pending 'mentioned' to-do for this issue (a description edit that keeps the mention). */
  hasPending?: boolean;
}

/**
 * The users who get a 'mentioned' to-do: those mentioned who may read what mentions them,
 * never the author themself, and not twice for the same still-pending mention.
 */
export function mentionTodoRecipients(candidates: readonly MentionCandidate[], authorId: number): number[] {
  const ids: number[] = [];
  for (const c of candidates) {
    if (c.id === authorId || !c.canRead || c.hasPending || ids.includes(c.id)) continue;
    ids.push(c.id);
  }
  return ids;
}
