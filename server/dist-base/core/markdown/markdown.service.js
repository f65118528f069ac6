"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.MarkdownService = exports.PLAIN_INLINE = void 0;
exports.labelReferenceTitles = labelReferenceTitles;
exports.sanitize = sanitize;
exports.taskCompletionStatus = taskCompletionStatus;
const common_1 = require("@nestjs/common");
const markdown_it_1 = __importDefault(require("markdown-it"));
const highlight_js_1 = __importDefault(require("highlight.js"));
const sanitize_html_1 = __importDefault(require("sanitize-html"));
// An ES module: require() of it needs Node >= 20.19 (package.json engines)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { tasklist } = require('@mdit/plugin-tasklist');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { full: emoji } = require('markdown-it-emoji');
/**
 * Text that inline markdown renders as itself: letters, digits, spaces, and punctuation that
 * is neither markup, an HTML special, a reference sigil (# ! & @ ~ %), an emoji colon nor part
 * of a link (fuzzy links are off; no ':' or '/' so no scheme). A test compares it with the
 * pipeline on generated titles.
 */
exports.PLAIN_INLINE = /^(?!.*--)[\p{L}\p{N}][\p{L}\p{N} ,.?'-]*$/u;
const REFERENCE = /(^|[\s(])(?:(@)([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_])|([#!&])(\d+)|(~)([A-Za-z0-9_-]+|"[^"]+")|(%)([A-Za-z0-9_.-]+|"[^"]+"))/g;
/** Titles of the ~label references in a text, quotes removed, so a caller can look up only those. */
function labelReferenceTitles(text) {
    if (!text || !text.includes('~'))
        return [];
    return [...text.matchAll(REFERENCE)].filter((m) => m[6]).map((m) => m[7].replace(/^"|"$/g, ''));
}
/**
 * Markdown to safe HTML: task lists, references, emoji shortcodes, highlighted code, then a
 * strict allow-list sanitiser, so no user text can run script in another user's browser.
 */
let MarkdownService = class MarkdownService {
    md;
    constructor() {
        this.md = new markdown_it_1.default({
            html: false,
            linkify: true,
            breaks: false,
            highlight: (code, lang) => {
                if (lang && highlight_js_1.default.getLanguage(lang)) {
                    try {
                        return `<pre class="code highlight"><code class="hljs language-${escapeAttr(lang)}">${highlight_js_1.default.highlight(code, { language: lang, ignoreIllegals: true }).value}</code></pre>`;
                    }
                    catch {
                        /* fall through to plain */
                    }
                }
                return `<pre class="code"><code>${this.md.utils.escapeHtml(code)}</code></pre>`;
            },
        });
        // Only text with a scheme becomes a link: "Socket.IO" or "README.md" must stay words
        this.md.linkify.set({ fuzzyLink: false, fuzzyEmail: false });
        // Checkboxes render disabled: only the description view enables them, for users who may update
        // (a checkbox that ticks but saves nothing would promise what is not there). Wrapped in a
        // <label>; the ids the plugin adds are dropped by the sanitiser.
        this.md.use(tasklist, { disabled: true, label: true, containerClass: 'contains-task-list' });
        // A task item carries its source line (GitLab's data-sourcepos), so a toggle names the line it changes
        this.md.core.ruler.push('tandem_task_sourcepos', (state) => {
            for (const tok of state.tokens) {
                if (tok.type === 'list_item_open' && tok.map && tok.attrGet('class')?.includes('task-list-item')) {
                    tok.attrSet('data-sourcepos', `${tok.map[0] + 1}:1-${tok.map[1]}:1`);
                }
            }
        });
        this.md.use(emoji);
        this.md.core.ruler.after('inline', 'tandem_references', (state) => {
            const ctx = (state.env ?? {});
            for (const block of state.tokens) {
                if (block.type !== 'inline' || !block.children)
                    continue;
                let insideLink = 0;
                const out = [];
                for (const tok of block.children) {
                    if (tok.type === 'link_open')
                        insideLink++;
                    if (tok.type === 'link_close')
                        insideLink--;
                    if (tok.type !== 'text' || insideLink > 0) {
                        out.push(tok);
                        continue;
                    }
                    out.push(...this.linkReferences(tok.content, ctx, state));
                }
                block.children = out;
            }
        });
    }
    render(text, ctx = {}) {
        if (!text)
            return '';
        return sanitize(this.md.render(text, { ...ctx }));
    }
    /** Inline rendering for titles (no block elements). */
    renderInline(text, ctx = {}) {
        // Most titles are plain words: markdown-it and the sanitiser would give them back unchanged
        if (exports.PLAIN_INLINE.test(text))
            return text;
        return sanitize(this.md.renderInline(text, { ...ctx }));
    }
    linkReferences(text, ctx, state) {
        const Token = state.Token;
        const tokens = [];
        let last = 0;
        const pushText = (s) => {
            if (!s)
                return;
            const t = new Token('text', '', 0);
            t.content = s;
            tokens.push(t);
        };
        for (const m of text.matchAll(REFERENCE)) {
            const lead = m[1] ?? '';
            const start = (m.index ?? 0) + lead.length;
            const raw = m[0].slice(lead.length);
            const href = referenceHref(m, ctx);
            if (!href)
                continue;
            pushText(text.slice(last, start));
            const open = new Token('link_open', 'a', 1);
            open.attrs = [['href', href], ['class', `gfm gfm-${referenceKind(m)}`]];
            const inner = new Token('text', '', 0);
            inner.content = raw;
            tokens.push(open, inner, new Token('link_close', 'a', -1));
            last = start + raw.length;
        }
        pushText(text.slice(last));
        return tokens;
    }
};
exports.MarkdownService = MarkdownService;
exports.MarkdownService = MarkdownService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [])
], MarkdownService);
function referenceKind(m) {
    if (m[2])
        return 'project_member';
    if (m[4] === '#')
        return 'issue';
    if (m[4] === '!')
        return 'merge_request';
    if (m[4] === '&')
        return 'epic';
    if (m[6])
        return 'label';
    return 'milestone';
}
function referenceHref(m, ctx) {
    const p = ctx.projectPath;
    if (m[2])
        return `/${m[3]}`;
    if (m[4] === '#' && p)
        return `/${p}/-/issues/${m[5]}`;
    if (m[4] === '!' && p)
        return `/${p}/-/merge_requests/${m[5]}`;
    if (m[4] === '&') {
        const g = ctx.groupPath ?? p?.split('/').slice(0, -1).join('/');
        return g ? `/groups/${g}/-/epics/${m[5]}` : null;
    }
    const unquote = (s) => s.replace(/^"|"$/g, '');
    if (m[6]) {
        const title = unquote(m[7]);
        return p && ctx.labelExists?.(title) ? `/${p}/-/issues?label_name[]=${encodeURIComponent(title)}` : null;
    }
    if (m[8] && p)
        return `/${p}/-/issues?milestone_title=${encodeURIComponent(unquote(m[9]))}`;
    return null;
}
const escapeAttr = (s) => s.replace(/[^A-Za-z0-9_+-]/g, '');
const SANITIZE = {
    allowedTags: [
        'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'span', 'div',
        'strong', 'b', 'em', 'i', 's', 'del', 'ins', 'sub', 'sup', 'kbd', 'mark', 'abbr',
        'ul', 'ol', 'li', 'input', 'label', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'details', 'summary', 'dl', 'dt', 'dd',
    ],
    allowedAttributes: {
        a: ['href', 'title', 'class', 'rel'],
        img: ['src', 'alt', 'title', 'width', 'height'],
        // No id/for: ids from user text would collide between the notes shown on one page
        input: ['type', 'checked', 'disabled', 'class'],
        label: ['class'],
        li: ['class', 'data-sourcepos'],
        ul: ['class'],
        ol: ['start', 'class'],
        code: ['class'],
        pre: ['class'],
        span: ['class'],
        th: ['align', 'style'],
        td: ['align', 'style'],
    },
    allowedClasses: {
        '*': ['hljs', 'hljs-*', 'language-*', 'code', 'highlight', 'gfm', 'gfm-*', 'task-list-item', 'task-list-item-checkbox', 'contains-task-list', 'task-list-item-label'],
    },
    allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
        a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noreferrer noopener' } }),
        input: (tagName, attribs) => attribs.type === 'checkbox' ? { tagName, attribs } : { tagName: 'span', attribs: {} },
    },
};
function sanitize(html) {
    return (0, sanitize_html_1.default)(html, SANITIZE);
}
/** Counts task list items (`- [ ]`, `* [x]`, `1. [ ]`) outside fenced code. */
function taskCompletionStatus(markdown) {
    let count = 0;
    let completed = 0;
    let fence = null;
    for (const line of (markdown ?? '').split('\n')) {
        const f = /^\s{0,3}(```|~~~)/.exec(line);
        if (f) {
            fence = fence === f[1] ? null : (fence ?? f[1]);
            continue;
        }
        if (fence)
            continue;
        const t = /^\s*(?:[-*+]|\d+[.)])\s+\[([ xX])\](?:\s|$)/.exec(line);
        if (t) {
            count++;
            if (t[1] !== ' ')
                completed++;
        }
    }
    return { count, completed_count: completed };
}
//# sourceMappingURL=markdown.service.js.map