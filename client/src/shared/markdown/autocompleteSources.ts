import type { AutocompleteKind, AutocompleteSourceKind } from '@tandem/shared-types';
import { requestJson } from '../api/http';
import { loadEmojiData, searchEmojis } from '../emoji/emojiData';

/** One suggestion: what the menu shows and what goes into the text. */
export interface AutocompleteItem {
  id: string;
  /** The reference inserted: @alice, #12, ~bug, ~"two words", %"v1.0", :tada: */
  insert: string;
  label: string;
  detail?: string;
  /** An emoji's character, or a label's colour. */
  emoji?: string;
  color?: string;
}

interface MemberSource { username: string; name: string }
interface IssueSource { iid: number; title: string; reference?: string }
interface LabelSource { title: string; color?: string }
interface MilestoneSource { iid?: number; id?: number; title: string }
interface EpicSource { iid: number; title: string; reference?: string }
interface CommandSource { name: string; aliases: string[]; description: string; params: string[] }

/** Where a comment box's helpers live: a project's (noteablePaths) or, on an epic, its group's (epicNoteablePaths). */
export interface EditorSources {
  /** POST multipart `file` here. */
  uploads: string;
  /** GET `&search=` here for a kind's suggestions. */
  autocomplete(kind: AutocompleteSourceKind): string;
  /** The kinds offered (a project has no epics). */
  autocompleteKinds: readonly AutocompleteKind[];
  /** The group the preview renders references in (an epic's group; GitLab's group preview_markdown), if any. */
  previewGroup?: string | null;
  /** Whose quick actions the preview explains (GitLab's preview_markdown target_type): a merge request's; absent: an issue's. */
  previewTargetType?: 'MergeRequest' | null;
}

export const SUGGESTIONS_SHOWN = 10;

/** Labels and milestones with spaces are quoted, as GitLab's references need. */
const quoted = (title: string) => (/\s/.test(title) ? `"${title}"` : title);

const has = (q: string, ...values: Array<string | number | undefined>) => {
  const needle = q.toLowerCase();
  return values.some((v) => v !== undefined && String(v).toLowerCase().includes(needle));
};

/**
 * The suggestions for one kind: emoji from the local emojibase data, the rest from the project's
 * or group's autocomplete source (sources.autocomplete(kind)&search=), filtered here too so a
 * source that answers the whole list still narrows as the user types. A kind the sources do
 * not offer has no suggestions (and asks nothing).
 */
export async function fetchSuggestions(
  kind: AutocompleteKind,
  query: string,
  sources: Pick<EditorSources, 'autocomplete' | 'autocompleteKinds'>,
  signal?: AbortSignal,
): Promise<AutocompleteItem[]> {
  if (!sources.autocompleteKinds.includes(kind)) return [];
  if (kind === 'emoji') {
    const data = await loadEmojiData();
    return searchEmojis(data, query, SUGGESTIONS_SHOWN).map((e) => ({ id: e.name, insert: `:${e.name}:`, label: `:${e.name}:`, emoji: e.unicode }));
  }
  const url = `${sources.autocomplete(kind)}&search=${encodeURIComponent(query)}`;
  const res = await requestJson<unknown[]>(url, { signal });
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  const rows = res.data;
  let items: AutocompleteItem[];
  switch (kind) {
    case 'members':
      items = (rows as MemberSource[]).filter((m) => has(query, m.username, m.name)).map((m) => ({ id: m.username, insert: `@${m.username}`, label: m.username, detail: m.name }));
      break;
    case 'issues':
      items = (rows as IssueSource[]).filter((i) => has(query, i.iid, i.title)).map((i) => ({ id: String(i.iid), insert: i.reference ?? `#${i.iid}`, label: `#${i.iid}`, detail: i.title }));
      break;
    case 'labels':
      items = (rows as LabelSource[]).filter((l) => has(query, l.title)).map((l) => ({ id: l.title, insert: `~${quoted(l.title)}`, label: l.title, color: l.color }));
      break;
    case 'milestones':
      items = (rows as MilestoneSource[]).filter((m) => has(query, m.title)).map((m) => ({ id: String(m.iid ?? m.id ?? m.title), insert: `%${quoted(m.title)}`, label: m.title }));
      break;
    case 'commands':
      // The server lists only the commands the user may run on the issue now
      items = (rows as CommandSource[])
        .filter((c) => [c.name, ...c.aliases].some((n) => n.startsWith(query.toLowerCase())))
        .map((c) => ({ id: c.name, insert: `/${c.name}`, label: `/${c.name}${c.params.length ? ` ${c.params.join(' ')}` : ''}`, detail: c.description }));
      break;
    case 'epics':
      items = (rows as EpicSource[]).filter((e) => has(query, e.iid, e.title)).map((e) => ({ id: String(e.iid), insert: e.reference ?? `&${e.iid}`, label: `&${e.iid}`, detail: e.title }));
      break;
  }
  return items.slice(0, SUGGESTIONS_SHOWN);
}
