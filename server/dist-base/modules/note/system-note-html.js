"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isSimpleSystemNote = isSimpleSystemNote;
exports.renderSystemNoteHtml = renderSystemNoteHtml;
// Plain words, **bold words** and @mentions: the texts system-notes.ts writes for most changes.
// Anything else (escapes, links, emoji, references, list markers) takes the full pipeline.
const WORD = String.raw `[A-Za-z0-9][A-Za-z0-9,.'?!-]*`;
// Two characters at least, as the reference filter links them
const MENTION = String.raw `@[A-Za-z0-9][A-Za-z0-9.-]*[A-Za-z0-9][,.]?`;
const BOLD = String.raw `\*\*${WORD}(?: ${WORD})*\*\*`;
const TOKEN = `(?:${BOLD}|${MENTION}|${WORD})`;
const SIMPLE = new RegExp(`^${TOKEN}(?: ${TOKEN})*$`);
/** True if the fast renderer gives exactly what the markdown pipeline would. */
function isSimpleSystemNote(body) {
    // A leading digit could start an ordered list ("1. x")
    return SIMPLE.test(body) && !/^\d/.test(body);
}
const tokenHtml = (t) => {
    const m = /^@(.+?)([,.]?)$/.exec(t);
    if (!m)
        return t;
    return `<a href="/${m[1]}" class="gfm gfm-project_member" rel="nofollow noreferrer noopener">@${m[1]}</a>${m[2]}`;
};
/**
 * note_html of a system note. System notes are written on every issue change (the write hot
 * path), and their texts are nearly always plain: those skip markdown-it and the sanitiser.
 */
function renderSystemNoteHtml(body, md, projectPath) {
    // Label references in system notes are ours, made from labels that exist
    if (!isSimpleSystemNote(body))
        return md.render(body, { projectPath, labelExists: () => true });
    const html = body.split(' ').map(tokenHtml).join(' ').replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
    return `<p>${html}</p>\n`;
}
//# sourceMappingURL=system-note-html.js.map