import { HEALTH_STATUSES } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';
import { pageParams } from '../../core/http/pagination';
import type { IssueListFilters } from './issue.finder';
import { ISSUE_ORDER_BY, ISSUE_TYPES, MILESTONE_WILDCARDS, type IssueAttributeFilters } from './issue-list-conditions';

type Errors = Record<string, string[]>;

/** A readable "x" or "not[x]" for messages. */
const nameOf = (prefix: string, name: string) => (prefix ? `${prefix}[${name}]` : name);

/** GitLab's list value: "a,b", or a repeated `x[]=a&x[]=b`. */
function listOf(v: unknown): string[] | undefined {
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string').map((s) => s.trim()).filter(Boolean);
  return undefined;
}

/** The attribute filters of one set (the query, or its `not[...]`); bad values are recorded in `errors`. */
function parseAttributes(q: Record<string, unknown>, prefix: string, errors: Errors): IssueAttributeFilters {
  const invalid = (name: string, why = 'is invalid') => ((errors[nameOf(prefix, name)] ??= []).push(why), undefined);
  const id = (v: string) => /^\d{1,10}$/.test(v) && Number(v) > 0;
  /** A positive id, or one of the given wildcards (GitLab accepts them in any case). */
  const idOr = <W extends string>(name: string, wildcards: readonly W[]): number | W | undefined => {
    const v = q[name];
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'string') return invalid(name);
    const w = wildcards.find((x) => x.toLowerCase() === v.toLowerCase());
    if (w) return w;
    return id(v) ? Number(v) : invalid(name, `must be an ID or one of ${wildcards.join(', ')}`);
  };
  const str = (name: string) => (typeof q[name] === 'string' && q[name] !== '' ? (q[name] as string) : undefined);
  const milestoneRaw = str('milestone');
  const milestone = milestoneRaw === undefined ? undefined : (MILESTONE_WILDCARDS.find((w) => w.toLowerCase() === milestoneRaw.toLowerCase()) ?? milestoneRaw);
  let healthStatus: IssueAttributeFilters['healthStatus'];
  const hs = str('health_status');
  if (hs !== undefined) {
    const w = (['None', 'Any'] as const).find((x) => x.toLowerCase() === hs.toLowerCase());
    if (w) healthStatus = w;
    else if ((HEALTH_STATUSES as readonly string[]).includes(hs)) healthStatus = hs as IssueAttributeFilters['healthStatus'];
    else invalid('health_status', `does not have a valid value (${HEALTH_STATUSES.join(', ')}, None, Any)`);
  }
  let weight: IssueAttributeFilters['weight'];
  const w = str('weight');
  if (w !== undefined) {
    if (/^(none|any)$/i.test(w)) weight = w.toLowerCase() === 'none' ? 'None' : 'Any';
    else if (/^\d{1,9}$/.test(w)) weight = Number(w);
    else invalid('weight', 'must be a number, None or Any');
  }
  const iidsRaw = q['iids[]'] ?? q.iids;
  let iids: number[] | undefined;
  if (iidsRaw !== undefined) {
    const arr = listOf(iidsRaw) ?? [];
    if (!arr.every(id)) invalid('iids');
    else iids = arr.map(Number);
  }
  const issueType = str('issue_type');
  if (issueType !== undefined && !(ISSUE_TYPES as readonly string[]).includes(issueType)) invalid('issue_type', `does not have a valid value (${ISSUE_TYPES.join(', ')})`);
  const authorId = q.author_id === undefined || q.author_id === '' ? undefined : typeof q.author_id === 'string' && id(q.author_id) ? Number(q.author_id) : invalid('author_id');
  return {
    labels: listOf(q.labels),
    milestone,
    assigneeId: idOr('assignee_id', ['None', 'Any'] as const),
    assigneeUsernames: listOf(q.assignee_username),
    authorId,
    authorUsername: str('author_username'),
    iterationId: idOr('iteration_id', ['None', 'Any', 'Current'] as const),
    iterationTitle: str('iteration_title'),
    epicId: idOr('epic_id', ['None', 'Any'] as const),
    weight,
    healthStatus,
    issueType: issueType !== undefined && (ISSUE_TYPES as readonly string[]).includes(issueType) ? issueType : undefined,
    iids,
  };
}

/** Parses GitLab's issue list query parameters, `not[...]` included; bad values are a 400 naming the parameter. */
export function parseIssueListQuery(q: Record<string, unknown>): IssueListFilters {
  const errors: Errors = {};
  const oneOf = <T extends string>(name: string, values: readonly T[]): T | undefined => {
    const v = q[name];
    if (v === undefined || v === '') return undefined;
    if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
    errors[name] = [`does not have a valid value (${values.join(', ')})`];
    return undefined;
  };
  const str = (name: string) => (typeof q[name] === 'string' && q[name] !== '' ? (q[name] as string) : undefined);
  const conf = q.confidential;
  let confidential: boolean | undefined;
  if (conf === 'true') confidential = true;
  else if (conf === 'false') confidential = false;
  else if (conf !== undefined) errors.confidential = ['is invalid'];
  let not: IssueListFilters['not'];
  if (q.not !== undefined) {
    if (typeof q.not !== 'object' || q.not === null || Array.isArray(q.not)) errors.not = ['must be given as not[<filter>]=<value>'];
    else not = parseAttributes(q.not as Record<string, unknown>, 'not', errors);
  }
  const filters: IssueListFilters = {
    ...pageParams(q),
    ...parseAttributes(q, '', errors),
    not,
    state: oneOf('state', ['opened', 'closed', 'all'] as const),
    search: str('search'),
    confidential,
    scope: oneOf('scope', ['created_by_me', 'assigned_to_me', 'all'] as const),
    orderBy: oneOf('order_by', ISSUE_ORDER_BY),
    sort: oneOf('sort', ['asc', 'desc'] as const),
  };
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return filters;
}
