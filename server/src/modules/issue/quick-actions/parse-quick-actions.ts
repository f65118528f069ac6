import { QUICK_ACTION_NAMES, type QuickActionName } from '@tandem/shared-types';

/** One command line of a text: its canonical name, its argument (trimmed, '' when none) and its 0-based line. */
export interface QuickActionCommand<N extends string = QuickActionName> {
  name: N;
  arg: string;
  line: number;
}

export interface ParsedQuickActions<N extends string = QuickActionName> {
  /** The text without its command lines (what is stored and shown). */
  body: string;
  commands: Array<QuickActionCommand<N>>;
}

/** A noteable type's commands: canonical name -> aliases (shared-types QUICK_ACTION_NAMES, MERGE_REQUEST_QUICK_ACTION_NAMES). */
export type QuickActionNames<N extends string = string> = Readonly<Record<N, readonly string[]>>;

/** alias -> canonical name, per command table. */
const CANONICAL = new WeakMap<object, Map<string, string>>();
function canonical(names: QuickActionNames): Map<string, string> {
  let map = CANONICAL.get(names);
  if (!map) {
    map = new Map(Object.entries<readonly string[]>(names).flatMap(([name, aliases]) => [[name, name] as [string, string], ...aliases.map((a) => [a, name] as [string, string])]));
    CANONICAL.set(names, map);
  }
  return map;
}

const COMMAND_LINE = /^\/([a-z_]+)(?:[ \t]+(.*))?$/i;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Lines starting with a slash and a word are quick actions (spec §5). Command lines inside
 * fenced code blocks, blockquotes (`>` lines and `>>>` blocks) are text, and so is a command
 * Tandem does not know: it stays in the body as GitLab leaves unknown commands. Pure.
 */
export function parseQuickActions<N extends string = QuickActionName>(text: string, opts: { keep?: ReadonlySet<N>; names?: QuickActionNames<N> } = {}): ParsedQuickActions<N> {
  const table = canonical(opts.names ?? QUICK_ACTION_NAMES);
  const lines = text.split(/\r?\n/);
  const kept: string[] = [];
  const commands: Array<QuickActionCommand<N>> = [];
  let fence: string | null = null;
  let quoteBlock = false;
  lines.forEach((line, index) => {
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length && line.trim() === fenceMatch[1]) fence = null;
      kept.push(line);
      return;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      kept.push(line);
      return;
    }
    if (/^>>>\s*$/.test(line)) {
      quoteBlock = !quoteBlock;
      kept.push(line);
      return;
    }
    if (quoteBlock || /^ {0,3}>/.test(line)) {
      kept.push(line);
      return;
    }
    const m = COMMAND_LINE.exec(line.trimEnd());
    const name = m ? (table.get(m[1]!.toLowerCase()) as N | undefined) : undefined;
    if (!m || !name || opts.keep?.has(name)) {
      kept.push(line);
      return;
    }
    commands.push({ name, arg: (m[2] ?? '').trim(), line: index });
  });
  if (!commands.length) return { body: text, commands };
  return { body: kept.join('\n').replace(/^\s*\n/, '').trimEnd(), commands };
}

/**
 * The commands a comment runs through other modules after its transaction (note/quick-actions/
 * module-commands.ts). An issue description does not run them: their lines stay in it as text
 * (rather than vanish with nothing done).
 */
export const COMMENT_ONLY_COMMANDS: ReadonlySet<QuickActionName> = new Set<QuickActionName>([
  'todo', 'done', 'subscribe', 'unsubscribe', 'move', 'clone', 'duplicate', 'unrelate', 'blocks', 'blocked_by', 'promote', 'copy_metadata',
]);

/** Whether a text holds a quick action at all (a cheap test first: most comments have no line starting with a slash). */
export function hasQuickActions(text: string, names?: QuickActionNames): boolean {
  return /(^|\n)[ \t]*\/[a-z]/i.test(text) && parseQuickActions(text, { names }).commands.length > 0;
}
