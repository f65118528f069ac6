import { Injectable } from '@nestjs/common';
import MarkdownIt from 'markdown-it';
import hljs from 'highlight.js';
import sanitizeHtml from 'sanitize-html';
import type { TaskCompletionStatus } from '@tandem/shared-types';
// An ES module: require() of it needs Node >= 20.19 (package.json engines)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { tasklist } = require('@mdit/plugin-tasklist') as {
  tasklist: MarkdownIt.PluginWithOptions<{ disabled?: boolean; label?: boolean; containerClass?: string }>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { full: emoji } = require('markdown-it-emoji') as { full: MarkdownIt.PluginSimple };

export interface RenderContext {
  /** Full path of the project the text belongs to, for #12, !3, ~label, %milestone. */
  projectPath?: string;
  /** Full path of the group, for &4 epics. */
  groupPath?: string;
  /**
   * Whether a label of this title exists in the project or its groups (see label-lookup.ts).
   * Without it no ~label becomes a link: "~30%" or "~typo" must stay text, as in GitLab.
   */
  labelExists?: (title: string) => boolean;
}

/**
 * Text that inline markdown renders as itself: letters, digits, spaces, and punctuation that
 * is neither markup, an HTML special, a reference sigil (# ! & @ ~ %), an emoji colon nor part
 * of a link (fuzzy links are off; no ':' or '/' so no scheme). A test compares it with the
 * pipeline on generated titles.
 */
export const PLAIN_INLINE = /^(?!.*--)[\p{L}\p{N}][\p{L}\p{N} ,.?'-]*$/u;

const REFERENCE = /(^|[\s(])(?:(@)([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_])|([#!&])(\d+)|(~)([A-Za-z0-9_-]+|"[^"]+")|(%)([A-Za-z0-9_.-]+|"[^"]+"))/g;

/** Titles of the ~label references in a text, quotes removed, so a caller can look up only those. */
export function labelReferenceTitles(text: string | null | undefined): string[] {
  if (!text || !text.includes('~')) return [];
  return [...text.matchAll(REFERENCE)].filter((m) => m[6]).map((m) => m[7]!.replace(/^"|"$/g, ''));
}

/**
 * Markdown to safe HTML: task lists, references, emoji shortcodes, highlighted code, then a
 * strict allow-list sanitiser, so no user text can run script in another user's browser.
 */
@Injectable()
export class MarkdownService {
  private readonly md: MarkdownIt;

  constructor() {
    this.md = new MarkdownIt({
      html: false,
      linkify: true,
      breaks: false,
      highlight: (code, lang) => {
        // A code suggestion (```suggestion:-N+M): marked so the page can show it as a proposed change
        if (lang && /^suggestion(:-\d+\+\d+)?$/.test(lang)) return `<pre class="code"><code class="language-suggestion">${this.md.utils.escapeHtml(code)}</code></pre>`;
        if (lang && hljs.getLanguage(lang)) {
          try {
            return `<pre class="code highlight"><code class="hljs language-${escapeAttr(lang)}">${hljs.highlight(code, { language: lang, ignoreIllegals: true }).value}</code></pre>`;
          } catch {
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
      const ctx = (state.env ?? {}) as RenderContext;
      for (const block of state.tokens) {
        if (block.type !== 'inline' || !block.children) continue;
        let insideLink = 0;
        const out: typeof block.children = [];
        for (const tok of block.children) {
          if (tok.type === 'link_open') insideLink++;
          if (tok.type === 'link_close') insideLink--;
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

  render(text: string | null | undefined, ctx: RenderContext = {}): string {
    if (!text) return '';
    return labelTaskCheckboxes(sanitize(this.md.render(text, { ...ctx })));
  }

  /** Inline rendering for titles (no block elements). */
  renderInline(text: string, ctx: RenderContext = {}): string {
    // Most titles are plain words: markdown-it and the sanitiser would give them back unchanged
    if (PLAIN_INLINE.test(text)) return text;
    return sanitize(this.md.renderInline(text, { ...ctx }));
  }

  private linkReferences(text: string, ctx: RenderContext, state: { Token: new (t: string, tag: string, n: 0 | 1 | -1) => MarkdownIt.Token }) {
    const Token = state.Token;
    const tokens: MarkdownIt.Token[] = [];
    let last = 0;
    const pushText = (s: string) => {
      if (!s) return;
      const t = new Token('text', '', 0);
      t.content = s;
      tokens.push(t);
    };
    for (const m of text.matchAll(REFERENCE)) {
      const lead = m[1] ?? '';
      const start = (m.index ?? 0) + lead.length;
      const raw = m[0].slice(lead.length);
      const href = referenceHref(m, ctx);
      if (!href) continue;
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
}

function referenceKind(m: RegExpMatchArray): string {
  if (m[2]) return 'project_member';
  if (m[4] === '#') return 'issue';
  if (m[4] === '!') return 'merge_request';
  if (m[4] === '&') return 'epic';
  if (m[6]) return 'label';
  return 'milestone';
}

function referenceHref(m: RegExpMatchArray, ctx: RenderContext): string | null {
  const p = ctx.projectPath;
  if (m[2]) return `/${m[3]}`;
  if (m[4] === '#' && p) return `/${p}/-/issues/${m[5]}`;
  if (m[4] === '!' && p) return `/${p}/-/merge_requests/${m[5]}`;
  if (m[4] === '&') {
    const g = ctx.groupPath ?? p?.split('/').slice(0, -1).join('/');
    return g ? `/groups/${g}/-/epics/${m[5]}` : null;
  }
  const unquote = (s: string) => s.replace(/^"|"$/g, '');
  if (m[6]) {
    const title = unquote(m[7]!);
    return p && ctx.labelExists?.(title) ? `/${p}/-/issues?label_name[]=${encodeURIComponent(title)}` : null;
  }
  if (m[8] && p) return `/${p}/-/issues?milestone_title=${encodeURIComponent(unquote(m[9]!))}`;
  return null;
}

const escapeAttr = (s: string) => s.replace(/[^A-Za-z0-9_+-]/g, '');

const SANITIZE: sanitizeHtml.IOptions = {
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
    input: (tagName, attribs) =>
      attribs.type === 'checkbox' ? { tagName, attribs } : { tagName: 'span', attribs: {} },
  },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Counts task list items (`- [ ]`, `* [x]`, `1. [ ]`) outside fenced code. */
export function taskCompletionStatus(markdown: string | null | undefined): TaskCompletionStatus {
  let count = 0;
  let completed = 0;
  let fence: string | null = null;
  for (const line of (markdown ?? '').split('\n')) {
    const f = /^\s{0,3}(```|~~~)/.exec(line);
    if (f) {
      fence = fence === f[1] ? null : (fence ?? f[1]!);
      continue;
    }
    if (fence) continue;
    const t = /^\s*(?:[-*+]|\d+[.)])\s+\[([ xX])\](?:\s|$)/.exec(line);
    if (t) {
      count++;
      if (t[1] !== ' ') completed++;
    }
  }
  return { count, completed_count: completed };
}

/**
 * Names each task list checkbox after its item, as GitLab does ("Check option: <text>"): the
 * plugin's <label> beside it has no `for` (ids from user text are not kept), so a screen
 * reader would meet an unnamed checkbox. Runs on sanitised HTML: the text is the label's,
 * stripped of tags and escaped for the attribute.
 */
export function labelTaskCheckboxes(html: string): string {
  return html.replace(/<input type="checkbox" class="task-list-item-checkbox"([^>]*)\/><label class="task-list-item-label">([\s\S]*?)<\/label>/g, (_m, attrs: string, inner: string) => {
    const text = inner.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim().replace(/"/g, '&quot;');
    return `<input type="checkbox" class="task-list-item-checkbox" aria-label="Check option: ${text}"${attrs}/><label class="task-list-item-label">${inner}</label>`;
  });
}
