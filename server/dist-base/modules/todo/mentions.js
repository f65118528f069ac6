"use strict";
/**
 * Who a text mentions (GitLab's @username references), and who of them gets a 'mentioned'
 * to-do. Pure, so the rules are unit-tested apart from the database.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.mentionedUsernames = mentionedUsernames;
exports.mentionTodoRecipients = mentionTodoRecipients;
const FENCE = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm;
const INLINE_CODE = /`[^`\n]*`/g;
const MENTION = /(^|[^A-Za-z0-9_.`/@-])@([A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?)/g;
/** Usernames @mentioned in markdown (lower case, in order, once each); code spans and fences are not mentions. */
function mentionedUsernames(text) {
    if (!text || !text.includes('@'))
        return [];
    const prose = text.replace(FENCE, '').replace(INLINE_CODE, '');
    const out = [];
    for (const m of prose.matchAll(MENTION)) {
        const name = m[2].toLowerCase();
        if (!out.includes(name))
            out.push(name);
    }
    return out;
}
/**
 * The users who get a 'mentioned' to-do: those mentioned who may read what mentions them,
 * never the author themself, and not twice for the same still-pending mention.
 */
function mentionTodoRecipients(candidates, authorId) {
    const ids = [];
    for (const c of candidates) {
        if (c.id === authorId || !c.canRead || c.hasPending || ids.includes(c.id))
            continue;
        ids.push(c.id);
    }
    return ids;
}
//# sourceMappingURL=mentions.js.map