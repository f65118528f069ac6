import { diffWords } from 'diff';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The inline word diff of two descriptions as GitLab's compare view shows it: added words in
 * `<ins class="idiff addition">`, removed in `<del class="idiff deletion">`. Every piece of
 * text is escaped: no user HTML passes through.
 */
export function descriptionDiffHtml(before: string, after: string): string {
  return diffWords(before, after)
    .map((part) => {
      const text = escapeHtml(part.value);
      if (part.added) return `<ins class="idiff addition">${text}</ins>`;
      if (part.removed) return `<del class="idiff deletion">${text}</del>`;
      return text;
    })
    .join('');
}
