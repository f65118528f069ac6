import { projectApiPath, requestJson } from '../../shared/api/http';
import { TOKEN_SPECS, type TokenType } from './filterTokens';

export interface Suggestion {
  value: string;
  label: string;
}

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
      return list<{ id: number; iid: number; title: string }>(`${groupApiPath(projectPath)}/epics?search=${q}&per_page=20`, (e) => ({ value: String(e.id), label: `&${e.iid} ${e.title}` }));
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
