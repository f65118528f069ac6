import { HEALTH_STATUSES } from '@tandem/shared-types';

/** The filtered search's token types (GitLab's issue list tokens). */
export const TOKEN_TYPES = ['author', 'assignee', 'label', 'milestone', 'iteration', 'epic', 'weight', 'health', 'confidential', 'type'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];
export type TokenOperator = '=' | '!=';

export interface FilterToken {
  type: TokenType;
  operator: TokenOperator;
  value: string;
}

interface TokenSpec {
  title: string;
  /** The page URL's parameter (GitLab's issue list URL names); `[]` when repeatable. */
  urlParam: string;
  multiple: boolean;
  /** Whether `!=` is offered (GitLab has no "is not" for confidential). */
  negatable: boolean;
  /** Values offered whatever the data: wildcards and fixed sets. */
  fixed: readonly string[];
}

export const TOKEN_SPECS: Record<TokenType, TokenSpec> = {
  author: { title: 'Author', urlParam: 'author_username', multiple: false, negatable: true, fixed: [] },
  assignee: { title: 'Assignee', urlParam: 'assignee_username[]', multiple: true, negatable: true, fixed: ['None', 'Any'] },
  label: { title: 'Label', urlParam: 'label_name[]', multiple: true, negatable: true, fixed: ['None', 'Any'] },
  milestone: { title: 'Milestone', urlParam: 'milestone_title', multiple: false, negatable: true, fixed: ['None', 'Any', 'Upcoming', 'Started'] },
  iteration: { title: 'Iteration', urlParam: 'iteration_title', multiple: false, negatable: true, fixed: ['None', 'Any', 'Current'] },
  epic: { title: 'Epic', urlParam: 'epic_id', multiple: false, negatable: true, fixed: ['None', 'Any'] },
  weight: { title: 'Weight', urlParam: 'weight', multiple: false, negatable: true, fixed: ['None', 'Any', '0', '1', '2', '3', '5', '8'] },
  health: { title: 'Health status', urlParam: 'health_status', multiple: false, negatable: true, fixed: ['None', 'Any', ...HEALTH_STATUSES] },
  confidential: { title: 'Confidential', urlParam: 'confidential', multiple: false, negatable: false, fixed: ['yes', 'no'] },
  type: { title: 'Type', urlParam: 'type', multiple: false, negatable: true, fixed: ['issue', 'incident', 'test_case'] },
};

const WILDCARDS = new Set(['None', 'Any', 'Upcoming', 'Started', 'Current']);

/** The sort dropdown (GitLab's issue list sorts) and the REST order_by each uses. */
export const SORT_FIELDS = [
  { key: 'created_date', title: 'Created date', orderBy: 'created_at' },
  { key: 'updated_desc', title: 'Updated date', orderBy: 'updated_at' },
  { key: 'due_date', title: 'Due date', orderBy: 'due_date' },
  { key: 'milestone_due', title: 'Milestone due date', orderBy: 'milestone_due' },
  { key: 'weight', title: 'Weight', orderBy: 'weight' },
  { key: 'title', title: 'Title', orderBy: 'title' },
  { key: 'popularity', title: 'Popularity', orderBy: 'popularity' },
  { key: 'priority', title: 'Priority', orderBy: 'priority' },
] as const;
export type SortKey = (typeof SORT_FIELDS)[number]['key'];
export interface IssueSort {
  key: SortKey;
  direction: 'asc' | 'desc';
}
export const DEFAULT_SORT: IssueSort = { key: 'created_date', direction: 'desc' };

/** The URL's `sort` value, GitLab style: `<key>_asc` / `<key>_desc`. */
export const sortParam = (s: IssueSort) => `${s.key.replace(/_desc$/, '')}_${s.direction}`;

export function parseSort(raw: string | null): IssueSort {
  const m = raw ? /^(.+)_(asc|desc)$/.exec(raw) : null;
  if (!m) return DEFAULT_SORT;
  const field = SORT_FIELDS.find((f) => f.key === m[1] || f.key === `${m[1]}_desc`);
  return field ? { key: field.key, direction: m[2] as 'asc' | 'desc' } : DEFAULT_SORT;
}

/** Tokens from the page URL (`label_name[]=bug&not[label_name][]=ui&milestone_title=Upcoming...`). */
export function tokensFromUrl(params: URLSearchParams): FilterToken[] {
  const out: FilterToken[] = [];
  for (const type of TOKEN_TYPES) {
    const { urlParam, negatable } = TOKEN_SPECS[type];
    for (const value of params.getAll(urlParam)) if (value) out.push({ type, operator: '=', value });
    if (negatable) for (const value of params.getAll(`not[${urlParam.replace('[]', '')}]${urlParam.endsWith('[]') ? '[]' : ''}`)) if (value) out.push({ type, operator: '!=', value });
  }
  return out;
}

/** The page URL's parameters of the tokens (the inverse of tokensFromUrl). */
export function tokensToUrl(tokens: FilterToken[], params: URLSearchParams): void {
  for (const t of tokens) {
    const p = TOKEN_SPECS[t.type].urlParam;
    params.append(t.operator === '=' ? p : `not[${p.replace('[]', '')}]${p.endsWith('[]') ? '[]' : ''}`, t.value);
  }
}

/** The REST list parameters of the tokens (GitLab's GET /projects/:id/issues names). */
export function tokensToRest(tokens: FilterToken[], params: URLSearchParams): void {
  const labels: Record<TokenOperator, string[]> = { '=': [], '!=': [] };
  for (const t of tokens) {
    const key = (name: string) => (t.operator === '=' ? name : `not[${name}]`);
    const v = t.value;
    switch (t.type) {
      case 'label':
        labels[t.operator].push(v);
        break;
      case 'author':
        params.append(key('author_username'), v);
        break;
      case 'assignee':
        if (v === 'None' || v === 'Any') params.append(key('assignee_id'), v);
        else params.append(key('assignee_username') + '[]', v);
        break;
      case 'milestone':
        params.append(key('milestone'), v);
        break;
      case 'iteration':
        params.append(WILDCARDS.has(v) ? key('iteration_id') : key('iteration_title'), v);
        break;
      case 'epic':
        params.append(key('epic_id'), v);
        break;
      case 'weight':
        params.append(key('weight'), v);
        break;
      case 'health':
        params.append(key('health_status'), v);
        break;
      case 'confidential':
        params.append('confidential', v === 'yes' ? 'true' : 'false');
        break;
      case 'type':
        params.append(key('issue_type'), v);
        break;
    }
  }
  if (labels['='].length) params.set('labels', labels['='].join(','));
  if (labels['!='].length) params.set('not[labels]', labels['!='].join(','));
}

/** How a token reads in its chip and in the listbox; `shown` is the value's name when it is not the value (an epic's title for its id). */
export const tokenText = (t: FilterToken, shown?: string) => `${TOKEN_SPECS[t.type].title} ${t.operator === '=' ? 'is' : 'is not'} ${shown ?? t.value}`;
