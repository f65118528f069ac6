"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.descriptionDiffHtml = descriptionDiffHtml;
const diff_1 = require("diff");
const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/**
 * The inline word diff of two descriptions as GitLab's compare view shows it: added words in
 * `<ins class="idiff addition">`, removed in `<del class="idiff deletion">`. Every piece of
 * text is escaped: no user HTML passes through.
 */
function descriptionDiffHtml(before, after) {
    return (0, diff_1.diffWords)(before, after)
        .map((part) => {
        const text = escapeHtml(part.value);
        if (part.added)
            return `<ins class="idiff addition">${text}</ins>`;
        if (part.removed)
            return `<del class="idiff deletion">${text}</del>`;
        return text;
    })
        .join('');
}
//# sourceMappingURL=description-diff.js.map