import { beforeAll, describe, expect, it } from 'vitest';
import type { DefaultTreeAdapterMap } from 'parse5' with { 'resolution-mode': 'import' };
import { labelReferenceTitles, MarkdownService, taskCompletionStatus } from '../markdown.service';

type Node = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];

const md = new MarkdownService();
// parse5 is ESM-only and this package compiles to CommonJS
let parseFragment: typeof import('parse5', { with: { 'resolution-mode': 'import' } }).parseFragment;
beforeAll(async () => {
  ({ parseFragment } = await import('parse5'));
});
const ctx = { projectPath: 'acme/tandem' };

/** Parses the output as a browser would and lists every element. */
function elements(html: string): Element[] {
  const out: Element[] = [];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if ('tagName' in n) {
        out.push(n);
        walk(n.childNodes);
        if (n.tagName === 'template') walk((n as unknown as { content: { childNodes: Node[] } }).content.childNodes);
      }
    }
  };
  walk(parseFragment(html).childNodes);
  return out;
}

const FORBIDDEN_TAGS = new Set(['script', 'iframe', 'frame', 'frameset', 'style', 'svg', 'math', 'object', 'embed', 'applet', 'form', 'link', 'meta', 'base', 'template', 'noscript', 'xmp', 'textarea', 'button', 'video', 'audio', 'source']);
const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'srcset', 'data', 'lowsrc', 'dynsrc', 'ping', 'cite']);

/** Everything in the output that a browser could run: the assertion behind every payload. */
function executableVectors(html: string): string[] {
  const found: string[] = [];
  for (const el of elements(html)) {
    if (FORBIDDEN_TAGS.has(el.tagName)) found.push(`<${el.tagName}>`);
    for (const a of el.attrs) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${el.tagName}[${name}]`);
      if (name === 'srcdoc' || name === 'formaction') found.push(`${el.tagName}[${name}]`);
      if (name === 'style' && !/^text-align:\s*(left|right|center);?$/.test(a.value.trim())) found.push(`${el.tagName}[style=${a.value}]`);
      if (URL_ATTRS.has(name)) {
        // Browsers drop control characters and whitespace before reading the scheme
        const v = [...a.value].filter((ch) => ch.charCodeAt(0) > 0x20 && (ch.charCodeAt(0) < 0x7f || ch.charCodeAt(0) > 0x9f)).join('').toLowerCase();
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(v)?.[1];
        if (scheme && !['http', 'https', 'mailto'].includes(scheme)) found.push(`${el.tagName}[${name}=${a.value}]`);
        if (v.startsWith('//')) found.push(`${el.tagName}[${name}] protocol-relative`);
      }
    }
    if (el.tagName === 'input' && el.attrs.find((a) => a.name === 'type')?.value !== 'checkbox') found.push('non-checkbox input');
  }
  return found;
}

const PAYLOADS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)"/>',
  '<IMG SRC="javascript:alert(1);">',
  '<img src=`javascript:alert(1)`>',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<style>body{background:red}</style>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:/">',
  '<input type="text" onfocus="alert(1)" autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<!--><img src=x onerror=alert(1)>-->',
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](javascript&#58;alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](<javascript:alert(1)>)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](x" onerror="alert(1))',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '[x][ref]\n\n[ref]: <javascript:alert(1)> "title"',
  '![x][img]\n\n[img]: data:image/png;base64,AAAA',
  '<javascript:alert(1)>',
  '<http://a.example/"onmouseover="alert(1)>',
  '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '```"><img src=x onerror=alert(1)>\ncode\n```',
  '- [ ] <img src=x onerror=alert(1)>',
  '#1" onmouseover="alert(1)',
  '@"><img src=x onerror=alert(1)>',
  '~"<img src=x onerror=alert(1)>"',
  '%"<script>alert(1)</script>"',
  ':tada:<script>alert(1)</script>',
  '<a href="/relative" target="_blank">ok</a>',
];

describe('MarkdownService sanitising', () => {
  it.each(PAYLOADS)('leaves nothing executable in %j', (payload) => {
    for (const html of [md.render(payload, ctx), md.renderInline(payload, ctx)]) {
      expect(executableVectors(html)).toEqual([]);
      expect(html.toLowerCase()).not.toMatch(/<script|<iframe|<svg|<style|<object|<embed/);
    }
  });

  it('the detector itself catches each kind of vector (so the test above cannot pass vacuously)', () => {
    expect(executableVectors('<img src=x onerror=alert(1)>')).toEqual(['img[onerror]']);
    expect(executableVectors('<a href="&#x6A;avascript:alert(1)">x</a>')).toHaveLength(1);
    expect(executableVectors('<a href="java\tscript:alert(1)">x</a>')).toHaveLength(1);
    expect(executableVectors('<script>1</script>')).toEqual(['<script>']);
    expect(executableVectors('<img src="data:image/png;base64,AA">')).toHaveLength(1);
  });

  it('adds rel="nofollow noreferrer noopener" to links and keeps safe URLs', () => {
    const html = md.render('[site](https://example.com/a?b=1) and <a href="/relative" target="_blank">rel</a>', ctx);
    const links = elements(html).filter((e) => e.tagName === 'a');
    expect(links.map((a) => a.attrs.find((x) => x.name === 'href')?.value)).toContain('https://example.com/a?b=1');
    for (const a of links) expect(a.attrs.find((x) => x.name === 'rel')?.value).toBe('nofollow noreferrer noopener');
    // Raw HTML is shown as text, never as an element
    expect(links).toHaveLength(1);
    expect(html).toContain('&lt;a href="/relative"');
  });

  it('links bare URLs with a scheme, but not words that look like domains', () => {
    const html = md.render('See https://example.com/x and Socket.IO or README.md', ctx);
    const hrefs = elements(html).filter((e) => e.tagName === 'a').map((a) => a.attrs.find((x) => x.name === 'href')?.value);
    expect(hrefs).toEqual(['https://example.com/x']);
  });

  it('escapes HTML in titles rendered inline', () => {
    const html = md.renderInline('Fix <b onclick=x>bold</b> & "quotes"', ctx);
    expect(executableVectors(html)).toEqual([]);
    expect(html).toContain('&amp;');
    expect(elements(html).some((e) => e.tagName === 'b')).toBe(false);
  });
});

describe('MarkdownService renders legitimate markdown', () => {
  it('task lists become checkboxes, checked as written', () => {
    const html = md.render('- [x] done\n- [ ] todo', ctx);
    const boxes = elements(html).filter((e) => e.tagName === 'input');
    expect(boxes).toHaveLength(2);
    expect(boxes.map((b) => b.attrs.some((a) => a.name === 'checked'))).toEqual([true, false]);
    expect(boxes.every((b) => b.attrs.find((a) => a.name === 'type')?.value === 'checkbox')).toBe(true);
    expect(html).toContain('task-list-item');
    expect(taskCompletionStatus('- [x] done\n- [ ] todo\n```\n- [ ] in code\n```')).toEqual({ count: 2, completed_count: 1 });
  });

  it('task items name their source line and render disabled (the description view enables them for editors)', () => {
    const html = md.render('Intro\n\n- [ ] one\n  - [x] nested\n\n```\n- [ ] in code\n```\n\n1. [ ] numbered', ctx);
    const items = elements(html).filter((e) => e.tagName === 'li' && e.attrs.some((a) => a.name === 'data-sourcepos'));
    expect(items.map((e) => e.attrs.find((a) => a.name === 'data-sourcepos')!.value.split(':')[0])).toEqual(['3', '4', '10']);
    const boxes = elements(html).filter((e) => e.tagName === 'input');
    expect(boxes).toHaveLength(3);
    expect(boxes.every((b) => b.attrs.some((a) => a.name === 'disabled'))).toBe(true);
  });

  it('highlights fenced code with the language classes', () => {
    const html = md.render('```js\nconst a = 1;\n```', ctx);
    expect(html).toContain('language-js');
    expect(html).toMatch(/<span class="hljs-keyword">const<\/span>/);
  });

  it('turns emoji shortcodes into emoji', () => {
    expect(md.render('Shipped :tada:', ctx)).toContain('🎉');
  });

  it('links #12 issue references and @user mentions', () => {
    const html = md.render('See #12, ask @bob', ctx);
    const links = elements(html).filter((e) => e.tagName === 'a');
    const hrefs = links.map((a) => a.attrs.find((x) => x.name === 'href')?.value);
    expect(hrefs).toContain('/acme/tandem/-/issues/12');
    expect(hrefs).toContain('/bob');
    expect(html).toContain('gfm-issue');
    expect(html).toContain('gfm-project_member');
  });

  it('keeps tables, headings, emphasis and quotes', () => {
    const html = md.render('# Title\n\n**bold** _em_ ~~gone~~\n\n> quote\n\n| a | b |\n| :-- | --: |\n| 1 | 2 |', ctx);
    const tags = new Set(elements(html).map((e) => e.tagName));
    for (const t of ['h1', 'strong', 'em', 's', 'blockquote', 'table', 'th', 'td']) expect(tags).toContain(t);
    expect(executableVectors(html)).toEqual([]);
  });

  it('does not link references inside code or existing links', () => {
    const html = md.render('`#12` and [see @bob](https://example.com)', ctx);
    const hrefs = elements(html).filter((e) => e.tagName === 'a').map((a) => a.attrs.find((x) => x.name === 'href')?.value);
    expect(hrefs).toEqual(['https://example.com']);
  });
});

describe('MarkdownService ~label references', () => {
  const labels = new Set(['bug', 'needs review']);
  const withLabels = { ...ctx, labelExists: (t: string) => labels.has(t) };
  const hrefsOf = (html: string) =>
    elements(html).filter((e) => e.tagName === 'a').map((a) => a.attrs.find((x) => x.name === 'href')?.value);

  it('links ~bug and ~"needs review" when the project has those labels', () => {
    const html = md.render('Marked ~bug and ~"needs review"', withLabels);
    expect(hrefsOf(html)).toEqual([
      '/acme/tandem/-/issues?label_name[]=bug',
      '/acme/tandem/-/issues?label_name[]=needs%20review',
    ]);
    expect(html).toContain('gfm-label');
  });

  it('leaves ~30% and ~unknown as text when no such label exists', () => {
    const html = md.render('Coverage went up ~30% and ~unknown is not a label, but ~bug is', withLabels);
    expect(hrefsOf(html)).toEqual(['/acme/tandem/-/issues?label_name[]=bug']);
    expect(html).toContain('~30%');
    expect(html).toContain('~unknown');
  });

  it('links no label when the caller gave no lookup', () => {
    expect(hrefsOf(md.render('~bug', ctx))).toEqual([]);
  });

  it('lists the referenced titles so the lookup asks only for those', () => {
    expect(labelReferenceTitles('~bug, ~"needs review" and ~30%')).toEqual(['bug', 'needs review', '30']);
    expect(labelReferenceTitles('no references')).toEqual([]);
  });

  it('names each task list checkbox after its item (Check option: ...), escaped', () => {
    const html = new MarkdownService().render('- [ ] ship **it** "now"\n- [x] done');
    expect(html).toContain('aria-label="Check option: ship it &quot;now&quot;"');
    expect(html).toContain('aria-label="Check option: done"');
  });
});
