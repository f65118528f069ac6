import { projectApiPath, requestJson } from '../../shared/api/http';
import { TOKEN_SPECS, type TokenType } from './filterTokens';

export interface Suggestion {
  value: string;
  label: string;
}

interface ApiEpicRow {
  id: number;
  iid: number;
  title: string;
}

/** How an epic reads in the listbox and in its token: `&<iid> <title>`. */
const epicLabel = (e: ApiEpicRow) => `&${e.iid} ${e.title}`;

const groupApiPath = (projectPath: string) => `/api/v4/groups/${encodeURIComponent(projectPath.split('/').slice(0, -1).join('/'))}`;

/** Where each token type's values come from (the project's members, labels, milestones; its group's iterations and epics). */
async function fetchValues(type: TokenType, projectPath: string, term: string, signal: AbortSignal): Promise<Suggestion[]> {
  const q = encodeURIComponent(term);
  const list = async <T>(url: string, map: (x: T) => Suggestion): Promise<Suggestion[]> => {
    const res = await requestJson<T[]>(url, { signal }).catch(() => null);
    return res?.ok && Array.isArray(res.data) ? res.data.map(map) : [];
  };
  switch (type) {
    case 'author':
    case 'assignee':
      return list<{ username: string; name: string }>(`${projectApiPath(projectPath)}/members/all?query=${q}&per_page=20`, (u) => ({ value: u.username, label: `${u.name} @${u.username}` }));
    case 'label':
      return list<{ name: string }>(`${projectApiPath(projectPath)}/labels?search=${q}&include_ancestor_groups=true&per_page=20`, (l) => ({ value: l.name, label: l.name }));
    case 'milestone':
      return list<{ title: string }>(`${projectApiPath(projectPath)}/milestones?search=${q}&include_parent_milestones=true&per_page=20`, (m) => ({ value: m.title, label: m.title }));
    case 'iteration':
      return list<{ title: string | null }>(`${groupApiPath(projectPath)}/iterations?search=${q}&per_page=20`, (i) => ({ value: i.title ?? '', label: i.title ?? '' }));
    case 'epic':
      return list<ApiEpicRow>(`${groupApiPath(projectPath)}/epics?search=${q}&per_page=20`, (e) => ({ value: String(e.id), label: epicLabel(e) }));
    default:
      return [];
  }
}

/** The values offered for a token: its fixed ones (wildcards, fixed sets) then the data's, matching `term`. */
export async function tokenSuggestions(type: TokenType, projectPath: string, term: string, signal: AbortSignal): Promise<Suggestion[]> {
  const t = term.toLowerCase();
  const fixed = TOKEN_SPECS[type].fixed.filter((v) => v.toLowerCase().includes(t)).map((v) => ({ value: v, label: v }));
  const fetched = (await fetchValues(type, projectPath, term, signal)).filter((s) => s.value !== '');
  return [...fixed, ...fetched.filter((s) => !fixed.some((f) => f.value === s.value))];
}

/** Epic names already known on this page, by id (chosen from the listbox, or read for a token from the URL). */
const epicNames = new Map<string, string>();

/** Remembers the names of values offered for a token type, so a chosen epic's token shows its name at once. */
export function rememberValueNames(type: TokenType, values: Suggestion[]): void {
  if (type === 'epic') for (const v of values) if (/^\d+$/.test(v.value)) epicNames.set(v.value, v.label);
}

/** The known name of a token's value (an epic's `&iid title` for its id), if any. */
export const knownValueName = (type: TokenType, value: string): string | undefined => (type === 'epic' ? epicNames.get(value) : undefined);

/**
 * Reads the names of the epic ids given (tokens opened from a URL keep only the id, GitLab's
 * `epic_id`): the group's epics, a page of 100 at a time, until every id is named or the list
 * ends. An id the viewer cannot read stays unnamed (its token shows the id).
 */
export async function loadEpicNames(projectPath: string, ids: string[], signal: AbortSignal): Promise<void> {
  const missing = new Set(ids.filter((id) => !epicNames.has(id)));
  for (let page = 1; missing.size > 0 && page <= 10; page++) {
    const res = await requestJson<ApiEpicRow[]>(`${groupApiPath(projectPath)}/epics?state=all&include_ancestor_groups=true&per_page=100&page=${page}`, { signal }).catch(() => null);
    if (!res?.ok || !Array.isArray(res.data)) return;
    for (const e of res.data) {
      epicNames.set(String(e.id), epicLabel(e));
      missing.delete(String(e.id));
    }
    if (res.data.length < 100) return;
  }
}
