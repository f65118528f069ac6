import { ValidationError } from '../../core/errors/app-error';
import { pageParams } from '../../core/http/pagination';
import type { IssueListFilters } from './issue.finder';

/** Parses GitLab's issue list query parameters; bad values are a 400 naming the parameter. */
export function parseIssueListQuery(q: Record<string, unknown>): IssueListFilters {
  const errors: Record<string, string[]> = {};
  const oneOf = <T extends string>(name: string, values: readonly T[]): T | undefined => {
    const v = q[name];
    if (v === undefined || v === '') return undefined;
    if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
    errors[name] = [`does not have a valid value (${values.join(', ')})`];
    return undefined;
  };
  const positiveInt = (name: string): number | undefined => {
    const v = q[name];
    if (v === undefined || v === '') return undefined;
    if (typeof v === 'string' && /^\d+$/.test(v) && Number(v) > 0) return Number(v);
    errors[name] = ['is invalid'];
    return undefined;
  };
  const str = (name: string) => (typeof q[name] === 'string' && q[name] !== '' ? (q[name] as string) : undefined);
  let assigneeId: IssueListFilters['assigneeId'];
  const rawAssignee = q.assignee_id;
  if (rawAssignee === 'None' || rawAssignee === 'none') assigneeId = 'None';
  else if (rawAssignee === 'Any' || rawAssignee === 'any') assigneeId = 'Any';
  else assigneeId = positiveInt('assignee_id');
  const labelsRaw = q.labels;
  const labels = typeof labelsRaw === 'string' ? labelsRaw.split(',').map((s) => s.trim()).filter(Boolean) : Array.isArray(labelsRaw) ? labelsRaw.map(String) : undefined;
  const iidsRaw = q['iids[]'] ?? q.iids;
  let iids: number[] | undefined;
  if (iidsRaw !== undefined) {
    const arr = Array.isArray(iidsRaw) ? iidsRaw : [iidsRaw];
    if (!arr.every((x) => typeof x === 'string' && /^\d+$/.test(x))) errors.iids = ['is invalid'];
    else iids = arr.map(Number);
  }
  const conf = q.confidential;
  let confidential: boolean | undefined;
  if (conf === 'true') confidential = true;
  else if (conf === 'false') confidential = false;
  else if (conf !== undefined) errors.confidential = ['is invalid'];
  const filters: IssueListFilters = {
    ...pageParams(q),
    state: oneOf('state', ['opened', 'closed', 'all'] as const),
    search: str('search'),
    labels,
    assigneeId,
    assigneeUsername: str('assignee_username'),
    authorId: positiveInt('author_id'),
    authorUsername: str('author_username'),
    iids,
    confidential,
    issueType: oneOf('issue_type', ['issue', 'incident', 'test_case'] as const),
    scope: oneOf('scope', ['created_by_me', 'assigned_to_me', 'all'] as const),
    orderBy: oneOf('order_by', ['created_at', 'updated_at', 'title'] as const),
    sort: oneOf('sort', ['asc', 'desc'] as const),
  };
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return filters;
}
