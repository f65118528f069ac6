import type { HealthStatus } from '@tandem/shared-types';

/** GitLab's wildcard values of a filter: "no value set" and "some value set". */
export type Wildcard = 'None' | 'Any';
/** GitLab's pseudo-milestones on `milestone=` (besides a title). */
export const MILESTONE_WILDCARDS = ['None', 'Any', 'Upcoming', 'Started'] as const;

/**
 * The attribute filters of an issue list: each may be given as is, or under `not[...]`
 * (GitLab's negated filters; a negated list excludes issues matching ANY of its values).
 */
export interface IssueAttributeFilters {
  labels?: string[];
  /** A title, or one of MILESTONE_WILDCARDS. */
  milestone?: string;
  assigneeId?: number | Wildcard;
  assigneeUsernames?: string[];
  authorId?: number;
  authorUsername?: string;
  iterationId?: number | Wildcard | 'Current';
  iterationTitle?: string;
  epicId?: number | Wildcard;
  weight?: number | Wildcard;
  healthStatus?: HealthStatus | Wildcard;
  /** GitLab's `issue_type` (one of ISSUE_TYPES). */
  issueType?: string;
  iids?: number[];
}

/** The issue types a list filters by (`issue_type`, `not[issue_type]`). */
export const ISSUE_TYPES = ['issue', 'incident', 'test_case'] as const;

export interface Condition {
  sql: string;
  params: Record<string, unknown>;
}

const LABELED = (extra = '') => `EXISTS (SELECT 1 FROM label_links ll WHERE ll.target_type = 'Issue' AND ll.target_id = i.id${extra})`;
const ASSIGNED = (extra = '') => `EXISTS (SELECT 1 FROM issue_assignees a WHERE a.issue_id = i.id${extra})`;
const IN_EPIC = (extra = '') => `EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id${extra})`;

function wildcardColumn(column: string, v: Wildcard | number | string, param: string): Condition {
  if (v === 'None') return { sql: `${column} IS NULL`, params: {} };
  if (v === 'Any') return { sql: `${column} IS NOT NULL`, params: {} };
  return { sql: `${column} = :${param}`, params: { [param]: v } };
}

/**
 * One SQL condition per filter value (on the alias `i` of issues), parameters named with
 * `p` so a positive and a negated set can sit in one statement. The caller ANDs them, or
 * ANDs `(c) IS NOT TRUE` for `not[...]` (an issue without a milestone is not in milestone v1.0). Every condition is an indexed lookup: label_links
 * by (label_id, target), issue_assignees by user, epic_issues by issue, issues by column.
 */
export function attributeConditions(f: IssueAttributeFilters, p: string): Condition[] {
  const out: Condition[] = [];
  const add = (sql: string, params: Record<string, unknown> = {}) => out.push({ sql, params });
  if (f.labels?.length) {
    const lower = f.labels.map((l) => l.toLowerCase());
    if (lower.length === 1 && lower[0] === 'none') add(`NOT ${LABELED()}`);
    else if (lower.length === 1 && lower[0] === 'any') add(LABELED());
    else
      f.labels.forEach((name, k) =>
        add(LABELED(` AND ll.label_id IN (SELECT l.id FROM labels l WHERE lower(l.title) = lower(:${p}lbl${k}))`), { [`${p}lbl${k}`]: name }),
      );
  }
  if (f.milestone !== undefined) {
    const m = f.milestone;
    if (m === 'None' || m === 'Any') add(wildcardColumn('i.milestone_id', m, '').sql);
    // Upcoming: an open milestone due after today; Started: an open milestone that started today or before (GitLab's milestone_id docs)
    else if (m === 'Upcoming') add(`i.milestone_id IN (SELECT m.id FROM milestones m WHERE m.state = 'active' AND m.due_date > CURRENT_DATE)`);
    else if (m === 'Started') add(`i.milestone_id IN (SELECT m.id FROM milestones m WHERE m.state = 'active' AND m.start_date <= CURRENT_DATE)`);
    else add(`i.milestone_id IN (SELECT m.id FROM milestones m WHERE m.title = :${p}ms)`, { [`${p}ms`]: m });
  }
  if (f.assigneeId === 'None') add(`NOT ${ASSIGNED()}`);
  else if (f.assigneeId === 'Any') add(ASSIGNED());
  else if (typeof f.assigneeId === 'number') add(ASSIGNED(` AND a.user_id = :${p}asg`), { [`${p}asg`]: f.assigneeId });
  f.assigneeUsernames?.forEach((u, k) =>
    add(ASSIGNED(` AND a.user_id IN (SELECT u.id FROM users u WHERE lower(u.username) = lower(:${p}asgu${k}))`), { [`${p}asgu${k}`]: u }),
  );
  if (f.authorId !== undefined) add(`i.author_id = :${p}author`, { [`${p}author`]: f.authorId });
  if (f.authorUsername) add(`i.author_id IN (SELECT u.id FROM users u WHERE lower(u.username) = lower(:${p}aun))`, { [`${p}aun`]: f.authorUsername });
  if (f.iterationId === 'Current')
    add(`i.iteration_id IN (SELECT it.id FROM iterations it WHERE it.state = 'opened' AND it.start_date <= CURRENT_DATE AND it.due_date >= CURRENT_DATE)`);
  else if (f.iterationId !== undefined) out.push(wildcardColumn('i.iteration_id', f.iterationId, `${p}iter`));
  if (f.iterationTitle) add(`i.iteration_id IN (SELECT it.id FROM iterations it WHERE it.title = :${p}itt)`, { [`${p}itt`]: f.iterationTitle });
  if (f.epicId === 'None') add(`NOT ${IN_EPIC()}`);
  else if (f.epicId === 'Any') add(IN_EPIC());
  else if (typeof f.epicId === 'number') add(IN_EPIC(` AND ei.epic_id = :${p}epic`), { [`${p}epic`]: f.epicId });
  if (f.weight !== undefined) out.push(wildcardColumn('i.weight', f.weight, `${p}weight`));
  if (f.healthStatus !== undefined) out.push(wildcardColumn('i.health_status', f.healthStatus, `${p}health`));
  if (f.issueType) add(`i.issue_type = :${p}itype`, { [`${p}itype`]: f.issueType });
  if (f.iids?.length) add(`i.iid = ANY(:${p}iids)`, { [`${p}iids`]: f.iids });
  return out;
}

/** GitLab's `order_by` values of issue lists (the incident list adds its own). */
export const ISSUE_ORDER_BY = ['created_at', 'updated_at', 'title', 'due_date', 'milestone_due', 'weight', 'popularity', 'priority', 'label_priority', 'relative_position'] as const;
export type IssueOrderBy = (typeof ISSUE_ORDER_BY)[number];

/**
 * The sort expression of an order_by (on alias `i`) and whether empty values go last
 * whatever the direction (GitLab puts issues without a due date, milestone or weight last).
 */
// Plain columns in parentheses: TypeORM would read `i.title` as the entity property and leave it out of the row
export const ORDER_EXPRESSIONS: Record<IssueOrderBy, { sql: string; nullsLast: boolean }> = {
  created_at: { sql: '(i.created_at)', nullsLast: false },
  updated_at: { sql: '(i.updated_at)', nullsLast: false },
  title: { sql: '(i.title)', nullsLast: false },
  due_date: { sql: '(i.due_date)', nullsLast: true },
  relative_position: { sql: '(i.relative_position)', nullsLast: true },
  weight: { sql: '(i.weight)', nullsLast: true },
  milestone_due: { sql: '(SELECT m.due_date FROM milestones m WHERE m.id = i.milestone_id)', nullsLast: true },
  // Popularity: thumbs up on the issue (GitLab's upvotes count)
  popularity: { sql: `(SELECT count(*) FROM award_emoji ae WHERE ae.awardable_type = 'Issue' AND ae.awardable_id = i.id AND ae.name = 'thumbsup')`, nullsLast: false },
  // Label priority: the best (lowest) priority among the issue's prioritised labels
  label_priority: { sql: `(SELECT min(l.priority) FROM label_links ll JOIN labels l ON l.id = ll.label_id WHERE ll.target_type = 'Issue' AND ll.target_id = i.id)`, nullsLast: true },
  // Priority: label priority, then milestone due date (GitLab's priority sort); the second key is added by the finder
  priority: { sql: `(SELECT min(l.priority) FROM label_links ll JOIN labels l ON l.id = ll.label_id WHERE ll.target_type = 'Issue' AND ll.target_id = i.id)`, nullsLast: true },
};
