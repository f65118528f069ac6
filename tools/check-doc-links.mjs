#!/usr/bin/env node
// Doc link check: every repository path that README.md and docs/*.md point at exists.
// Fails listing each one that does not (doc, line, the path, why).
//
// What counts as a reference (fenced code blocks are skipped):
// - markdown links `[text](target)` and `[id]: target` that are not URLs: the target, resolved
//   from the doc's folder, must exist; a `#fragment` into a markdown file must name one of its
//   headings (GitHub's anchors);
// - inline code that looks like a repository path:
//   - rooted at a top-level folder of the repository (`server/src/app.ts`, `tools/bench/`,
//     `test/e2e/{a,b}.spec.ts` with brace lists expanded): must exist exactly;
//   - a shorter path ending in a source file name (`modules/issue/fields/weight.ts`) or a folder
//     with a slash (`features/notes/`): some file or folder of the repository must end with it;
//     a doc may declare abbreviations as "`c/` = `client/src/`", which are expanded first;
//   - a bare source file name (`IssueHeader.tsx`): some file must have that name.
//   Placeholders (`<id>`, `*`, `...`, `{issue}`), URLs and paths under generated folders
//   (dist, dist-*, data, node_modules, ...) are not checked, nor what a doc lists as kept
//   elsewhere in a comment `<!-- not in the repository: write-load.mjs, ../shared/tools/floor -->`.
// usage: node tools/check-doc-links.mjs [--self-test]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders that are built or local, never part of the repository: a path through them is not checked. */
const GENERATED = new Set(['node_modules', 'dist', 'data', 'coverage', '.tandem', 'test-results', 'playwright-report', '__pycache__', '.git']);
/** File endings that make a backticked word a source file reference. */
const SOURCE_EXT = /\.(ts|tsx|mts|cts|mjs|cjs|sh|sql|py|css|md|yml|yaml|conf)$/;
/** Endings also accepted for paths with a folder in them (bare `x.json` is usually an endpoint). */
const PATH_EXT = /\.(ts|tsx|mts|cts|mjs|cjs|js|json|sh|sql|py|css|md|yml|yaml|conf|html)$/;

/** Every file of the repository (tracked or new, not ignored), relative with forward slashes. */
export function listFiles(root) {
  try {
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (path.resolve(top) === path.resolve(root)) {
      const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
      return out.split('\0').filter((f) => f && fs.existsSync(path.join(root, f)));
    }
  } catch {
    // not a git checkout: walk the folder
  }
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (GENERATED.has(entry.name)) continue;
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else files.push(rel);
    }
  };
  walk('');
  return files;
}

/** The docs checked: README.md and docs/*.md. */
export function docFiles(root) {
  const docs = fs.existsSync(path.join(root, 'README.md')) ? ['README.md'] : [];
  const dir = path.join(root, 'docs');
  if (fs.existsSync(dir)) for (const f of fs.readdirSync(dir).sort()) if (f.endsWith('.md')) docs.push(`docs/${f}`);
  return docs;
}

/** GitHub's anchor for a heading's text. */
export function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The anchors of a markdown text's headings (duplicates numbered as GitHub does). */
export function anchors(markdown) {
  const seen = new Map();
  const out = new Set();
  for (const { text } of prose(markdown)) {
    for (const line of text.split('\n')) {
      const m = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!m) continue;
      const base = slug(m[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n ? `${base}-${n}` : base);
    }
  }
  return out;
}

/** The doc's paragraphs outside fenced code blocks, each with its first line number. */
function prose(markdown) {
  const lines = markdown.split('\n');
  const paragraphs = [];
  let fence = null;
  let current = null;
  lines.forEach((line, i) => {
    const f = /^\s*(```+|~~~+)/.exec(line);
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
      return;
    }
    if (f) {
      fence = f[1];
      current = null;
      return;
    }
    if (!line.trim()) {
      current = null;
      return;
    }
    if (!current) {
      current = { line: i + 1, text: line };
      paragraphs.push(current);
    } else current.text += `\n${line}`;
  });
  return paragraphs;
}

/** `a/{b,c}/d` → `a/b/d`, `a/c/d`; braces without a comma are a placeholder (null). */
function expandBraces(s) {
  const m = /\{([^{}]*)\}/.exec(s);
  if (!m) return [s];
  if (!m[1].includes(',')) return null;
  const out = [];
  for (const alt of m[1].split(',')) {
    const rest = expandBraces(s.slice(0, m.index) + alt + s.slice(m.index + m[0].length));
    if (!rest) return null;
    out.push(...rest);
  }
  return out;
}

/** A folder segment that is built or local (`dist`, `dist-base`, `node_modules`, ...). */
const generated = (segment) => GENERATED.has(segment) || segment.startsWith('dist-');

/** What a doc says is kept outside the repository: `<!-- not in the repository: a, b -->`. */
function elsewhereOf(markdown) {
  const names = new Set();
  for (const m of markdown.matchAll(/<!--\s*not in the repository:([\s\S]*?)-->/g)) for (const n of m[1].split(',')) if (n.trim()) names.add(n.trim());
  return names;
}

/** Declarations like "`c/` = `client/src/`" in a doc: abbreviations its paths use. */
function aliasesOf(markdown) {
  const aliases = new Map();
  for (const m of markdown.matchAll(/`([\w.-]+\/)`\s*=\s*`([\w./-]+\/)`/g)) aliases.set(m[1], m[2]);
  return aliases;
}

/**
 * Checks the given docs against the repository at `root`. Returns the problems found, each
 * `{ doc, line, ref, reason }`.
 */
export function checkDocs(root, docs = docFiles(root), files = listFiles(root)) {
  const fileSet = new Set(files);
  const dirSet = new Set();
  const basenames = new Set();
  for (const f of files) {
    basenames.add(f.slice(f.lastIndexOf('/') + 1));
    for (let i = f.indexOf('/'); i !== -1; i = f.indexOf('/', i + 1)) dirSet.add(f.slice(0, i));
  }
  const topDirs = new Set([...dirSet].filter((d) => !d.includes('/')));
  const exists = (rel) => rel === '' || fileSet.has(rel) || dirSet.has(rel);
  const endsWith = (tail, isDir) => {
    const pool = isDir ? dirSet : fileSet;
    for (const p of pool) if (p === tail || p.endsWith(`/${tail}`)) return true;
    return false;
  };
  const anchorCache = new Map();
  const anchorsOf = (rel) => {
    if (!anchorCache.has(rel)) anchorCache.set(rel, anchors(fs.readFileSync(path.join(root, rel), 'utf8')));
    return anchorCache.get(rel);
  };

  const problems = [];
  let checked = 0;
  for (const doc of docs) {
    const markdown = fs.readFileSync(path.join(root, doc), 'utf8');
    const aliases = aliasesOf(markdown);
    const elsewhere = elsewhereOf(markdown);
    const docDir = path.posix.dirname(doc);
    const report = (line, ref, reason) => problems.push({ doc, line, ref, reason });

    for (const para of prose(markdown)) {
      const lineAt = (offset) => para.line + (para.text.slice(0, offset).match(/\n/g)?.length ?? 0);
      // Inline code first; links are read from the text with the code taken out
      const codeSpans = [];
      const withoutCode = para.text.replace(/(`+)([\s\S]+?)\1/g, (whole, _ticks, code, offset) => {
        codeSpans.push({ code: code.trim(), offset });
        return ' '.repeat(whole.length);
      });

      const links = [
        ...[...withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({ target: m[1], offset: m.index })),
        ...[...withoutCode.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => ({ target: m[1], offset: m.index })),
      ];
      for (const { target, offset } of links) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || elsewhere.has(target)) continue; // http:, mailto:, ...
        const hash = target.indexOf('#');
        const filePart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
        const fragment = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
        const rel = filePart ? path.posix.normalize(path.posix.join(docDir, filePart)).replace(/\/$/, '') : doc;
        if (rel.startsWith('..')) {
          report(lineAt(offset), target, 'points outside the repository');
          continue;
        }
        const relPath = rel === '.' ? '' : rel;
        checked++;
        if (!exists(relPath)) {
          report(lineAt(offset), target, 'no such file or folder');
          continue;
        }
        if (fragment && relPath.endsWith('.md') && fileSet.has(relPath) && !anchorsOf(relPath).has(fragment)) {
          report(lineAt(offset), target, `no heading with the anchor #${fragment} in ${relPath}`);
        }
      }

      for (const { code, offset } of codeSpans) {
        const problem = checkCodePath(code);
        if (problem) report(lineAt(offset), code, problem);
      }
    }

    /** Why a backticked text that names a repository path names none (null when fine or not a path). */
    function checkCodePath(raw) {
      if (elsewhere.has(raw)) return null;
      let code = raw.replace(/^\.\//, ''); // `./data`: from the repository's root, as commands run
      if (!code || /\s/.test(code)) return null;
      if (code.startsWith('../')) {
        // Relative to the doc, as a link would be
        if (/[*<>…|:%$=?{}]|\.\.\./.test(code.replace(/^(\.\.\/)+/, ''))) return null;
        const rel = path.posix.normalize(path.posix.join(docDir, code)).replace(/\/$/, '');
        if (rel.startsWith('..')) return 'points outside the repository';
        code = rel === '.' ? '' : rel;
        if (!code || !exists(code)) return code ? 'no such file or folder' : null;
        checked++;
        return null;
      }
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(code) || /^[/~$@#-]/.test(code)) return null;
      if (/[*<>…|:%$=?!'"()[\]\\^,;+&@]|\.\.\./.test(code.replace(/\{[^{}]*\}/g, ''))) return null;
      for (const [alias, target] of aliases) if (code.startsWith(alias)) code = target + code.slice(alias.length);
      const expanded = expandBraces(code);
      if (!expanded) return null;
      for (const p of expanded) {
        const isDir = p.endsWith('/');
        const clean = p.replace(/\/+$/, '');
        const segments = clean.split('/');
        if (segments.some((s) => generated(s) || s === '' || s === '.' || s === '..')) return null;
        checked++;
        if (segments.length > 1 && topDirs.has(segments[0])) {
          if (!exists(clean)) return `no such ${isDir ? 'folder' : 'file or folder'} in the repository`;
        } else if (segments.length > 1) {
          if (isDir ? segments.length >= 2 && !endsWith(clean, true) : PATH_EXT.test(clean) && !endsWith(clean, false)) {
            return `no ${isDir ? 'folder' : 'file'} of the repository ends with this path`;
          }
        } else if (!isDir && SOURCE_EXT.test(clean) && !basenames.has(clean)) {
          return 'no file of the repository has this name';
        }
      }
      return null;
    }
  }
  problems.checked = checked;
  return problems;
}

/** Builds a small repository with known good and bad references and expects exactly the bad ones. */
function selfTest() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-links-'));
  try {
    const write = (rel, text) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    };
    write('server/src/app.ts', '');
    write('server/src/modules/issue/fields/weight.ts', '');
    write('client/src/features/notes/Note.tsx', '');
    write('tools/check.mjs', '');
    write('docs/other.md', '# Other\n\n## The write path\n');
    write(
      'README.md',
      [
        '# Readme',
        '',
        'Good: [other](docs/other.md), [anchor](docs/other.md#the-write-path), [self](#readme), [web](https://example.com/x),',
        '`server/src/app.ts`, `server/src/modules/{issue}/x.ts`, `tools/`, `fields/weight.ts`, `Note.tsx`, `features/notes/`,',
        '`server/dist/main.js`, `<id>/x.ts`, `discussions.json`, `acme/tandem`, `@tanstack/react-query`, `c/features/notes/Note.tsx`,',
        '`server/dist-base/main.js`, `kept-elsewhere.mjs`, `../elsewhere/tool`.',
        '',
        '<!-- not in the repository: kept-elsewhere.mjs, ../elsewhere/tool -->',
        '',
        'Paths: `c/` = `client/src/`.',
        '',
        '```',
        '`server/src/in-a-fence.ts` [fenced](docs/fenced.md)',
        '```',
        '',
        'Bad: [missing](docs/missing.md), [bad anchor](docs/other.md#nowhere), `server/src/gone.ts`,',
        '`fields/gone.ts`, `Gone.tsx`, `server/src/{app,lost}.ts`, `features/lost/`, [out](../outside.md), `c/features/notes/Lost.tsx`.',
      ].join('\n'),
    );
    const found = checkDocs(dir).map((p) => p.ref).sort();
    const expected = ['server/src/gone.ts', 'fields/gone.ts', 'Gone.tsx', 'server/src/{app,lost}.ts', 'features/lost/', 'c/features/notes/Lost.tsx', 'docs/missing.md', 'docs/other.md#nowhere', '../outside.md'].sort();
    const ok = JSON.stringify(found) === JSON.stringify(expected);
    if (ok) console.log(`[check-doc-links] self-test OK: the ${expected.length} broken references are reported and nothing else`);
    else console.error(`[check-doc-links] self-test FAILED\n  expected ${JSON.stringify(expected)}\n  found    ${JSON.stringify(found)}`);
    return ok;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--self-test')) {
    process.exit(selfTest() ? 0 : 1);
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const docs = docFiles(root);
  const problems = checkDocs(root, docs);
  for (const p of problems) console.error(`${p.doc}:${p.line}: ${p.ref}: ${p.reason}`);
  if (problems.length) {
    console.error(`[check-doc-links] ${problems.length} broken reference(s) in ${docs.length} docs`);
    process.exit(1);
  }
  console.log(`[check-doc-links] ${problems.checked} references in ${docs.length} docs: every path exists`);
}
