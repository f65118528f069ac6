import { RepositoryError } from './errors';

/**
 * A path inside the repository as the API takes it: relative, `/`-separated, no `.` or `..`
 * segment, no NUL, no backslash, no leading `-`. Trailing slashes are dropped; '' is the root.
 * Anything else is refused before git runs (the API answers 400).
 */
export function cleanRepoPath(input: string | undefined | null): string {
  const p = (input ?? '').replace(/\/+$/, '');
  if (p === '') return '';
  if (p.length > 4096 || hasControlChar(p) || p.includes('\\') || p.startsWith('/') || /^[A-Za-z]:/.test(p)) {
    throw new RepositoryError('invalid_path', 'path is invalid');
  }
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.' || seg === '..' || seg.toLowerCase() === '.git') throw new RepositoryError('invalid_path', 'path is invalid');
  }
  return p;
}

/**
 * A revision as users send it (branch, tag, sha, `main~2`): never an option, no NUL or
 * whitespace, no `..` ranges (ranges are built by the port itself), under 1 KiB.
 */
export function cleanRev(input: string | undefined | null): string {
  const r = (input ?? '').trim();
  if (r === '' || r.length > 1024 || r.startsWith('-') || /[\s\0]/.test(r) || r.includes('..') || r.includes(':')) {
    throw new RepositoryError('invalid_ref', 'ref is invalid');
  }
  return r;
}

const hasControlChar = (s: string): boolean => [...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * Could this name an existing branch or tag? (a cheap subset of git's refname rules, checked
 * before a lookup builds `refs/heads/<name>`: no `..`, no control or special characters, no
 * leading `-` or `/`). Names that fail it cannot exist, so lookups answer "not found".
 */
export function isPlausibleRefName(name: string): boolean {
  return (
    name.length > 0 && name.length <= 255 && !name.startsWith('-') && !name.startsWith('/') && !name.endsWith('/') && !name.endsWith('.lock') &&
    !name.includes('..') && !name.includes('//') && !name.includes('@{') && !/[\\~^:?*[\s]/.test(name) && !hasControlChar(name)
  );
}

export const ZERO_OID = '0000000000000000000000000000000000000000';
/** git's empty tree (sha1), the "parent" of a root commit in diffs. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
export const isOid = (s: string): boolean => /^[0-9a-f]{40}$/.test(s);
