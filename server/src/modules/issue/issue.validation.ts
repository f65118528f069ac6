import { ISSUE_TYPES, LIMITS, VALIDATION, type IssueType } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';

export interface IssueCreateInput {
  title: string;
  description?: string | null;
  confidential?: boolean;
  issueType?: IssueType;
  labels?: string[];
  assigneeIds?: number[];
  dueDate?: string | null;
  discussionLocked?: boolean;
}

export interface IssueUpdateInput {
  title?: string;
  description?: string | null;
  stateEvent?: 'close' | 'reopen';
  confidential?: boolean;
  discussionLocked?: boolean;
  issueType?: IssueType;
  labels?: string[];
  addLabels?: string[];
  removeLabels?: string[];
  assigneeIds?: number[];
  dueDate?: string | null;
}

type Raw = Record<string, unknown>;
type Errors = Record<string, string[]>;

const add = (e: Errors, field: string, msg: string) => (e[field] ??= []).push(msg);

function str(e: Errors, raw: Raw, field: string, max: number, required: boolean): string | null | undefined {
  const v = raw[field];
  if (v === undefined) {
    if (required) add(e, field, VALIDATION.required);
    return undefined;
  }
  if (v === null) {
    if (required) add(e, field, VALIDATION.required);
    return null;
  }
  if (typeof v !== 'string') {
    add(e, field, 'must be a string');
    return undefined;
  }
  if (required && v.trim() === '') add(e, field, VALIDATION.required);
  if (v.length > max) add(e, field, VALIDATION.tooLong(max));
  return v;
}

function bool(e: Errors, raw: Raw, field: string): boolean | undefined {
  const v = raw[field];
  if (v === undefined) return undefined;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0) return false;
  add(e, field, VALIDATION.notBoolean);
  return undefined;
}

function list(e: Errors, raw: Raw, field: string): string[] | undefined {
  const v = raw[field];
  if (v === undefined) return undefined;
  if (v === null || v === '') return [];
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : null;
  if (!items || !items.every((x) => typeof x === 'string')) {
    add(e, field, 'must be a comma-separated list of names');
    return undefined;
  }
  const names = [...new Set(items.map((x) => (x as string).trim()).filter(Boolean))];
  if (names.some((n) => n.length > 255)) add(e, field, VALIDATION.tooLong(255));
  return names;
}

function ids(e: Errors, raw: Raw, field: string): number[] | undefined {
  const v = raw[field];
  if (v === undefined) return undefined;
  if (v === null || v === '' || v === 0 || v === '0') return [];
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
  const out: number[] = [];
  for (const x of items) {
    const n = typeof x === 'number' ? x : typeof x === 'string' && /^\s*\d+\s*$/.test(x) ? Number(x) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) {
      add(e, field, 'must be a list of positive integers');
      return undefined;
    }
    out.push(n);
  }
  return [...new Set(out)];
}

function date(e: Errors, raw: Raw, field: string): string | null | undefined {
  const v = raw[field];
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  // Round-trip check: Date.parse rolls 2030-02-30 over to March, which Postgres then refuses (500)
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) !== v || v.startsWith('0000')) {
    add(e, field, 'must be a date in YYYY-MM-DD format');
    return undefined;
  }
  return v;
}

function issueType(e: Errors, raw: Raw, field: string): IssueType | undefined {
  const v = raw[field];
  if (v === undefined || v === null) return undefined;
  const s = typeof v === 'string' ? v.toLowerCase() : v;
  if (!(ISSUE_TYPES as readonly unknown[]).includes(s)) {
    add(e, field, VALIDATION.notAllowed(ISSUE_TYPES));
    return undefined;
  }
  return s as IssueType;
}

function done<T>(e: Errors, value: T): T {
  if (Object.keys(e).length) throw new ValidationError(e);
  return value;
}

/** REST/page create parameters (snake_case, as GitLab's API). */
export function parseIssueCreate(raw: Raw): IssueCreateInput {
  const e: Errors = {};
  const title = str(e, raw, 'title', LIMITS.titleMaxLength, true);
  const input: IssueCreateInput = {
    title: (title ?? '').trim(),
    description: str(e, raw, 'description', LIMITS.descriptionMaxLength, false),
    confidential: bool(e, raw, 'confidential'),
    discussionLocked: bool(e, raw, 'discussion_locked'),
    issueType: issueType(e, raw, 'issue_type'),
    labels: list(e, raw, 'labels'),
    assigneeIds: ids(e, raw, 'assignee_ids') ?? (raw.assignee_id !== undefined ? ids(e, raw, 'assignee_id') : undefined),
    dueDate: date(e, raw, 'due_date'),
  };
  return done(e, input);
}

const UPDATE_FIELDS = [
  'title', 'description', 'state_event', 'confidential', 'discussion_locked', 'issue_type',
  'labels', 'add_labels', 'remove_labels', 'assignee_ids', 'assignee_id', 'due_date',
] as const;

/** REST/page update parameters; at least one must be given. */
export function parseIssueUpdate(raw: Raw): IssueUpdateInput {
  const e: Errors = {};
  if (!UPDATE_FIELDS.some((f) => raw[f] !== undefined)) {
    throw new ValidationError({ base: [`${UPDATE_FIELDS.join(', ')} are missing, at least one parameter must be provided`] });
  }
  const title = str(e, raw, 'title', LIMITS.titleMaxLength, raw.title !== undefined);
  let stateEvent: IssueUpdateInput['stateEvent'];
  if (raw.state_event !== undefined) {
    const s = typeof raw.state_event === 'string' ? raw.state_event.toLowerCase() : raw.state_event;
    if (s === 'close' || s === 'reopen') stateEvent = s;
    else add(e, 'state_event', VALIDATION.notAllowed(['close', 'reopen']));
  }
  const labels = list(e, raw, 'labels');
  const addLabels = list(e, raw, 'add_labels');
  const removeLabels = list(e, raw, 'remove_labels');
  if (labels !== undefined && (addLabels !== undefined || removeLabels !== undefined))
    add(e, 'labels', 'is mutually exclusive with add_labels and remove_labels');
  const input: IssueUpdateInput = {
    title: title === undefined || title === null ? undefined : title.trim(),
    description: str(e, raw, 'description', LIMITS.descriptionMaxLength, false),
    stateEvent,
    confidential: bool(e, raw, 'confidential'),
    discussionLocked: bool(e, raw, 'discussion_locked'),
    issueType: issueType(e, raw, 'issue_type'),
    labels,
    addLabels,
    removeLabels,
    assigneeIds: ids(e, raw, 'assignee_ids') ?? (raw.assignee_id !== undefined ? ids(e, raw, 'assignee_id') : undefined),
    dueDate: date(e, raw, 'due_date'),
  };
  return done(e, input);
}

/** lock_version from the page's PUT {issue}.json: a non-negative integer when present. */
export function parseLockVersion(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 0) throw new ValidationError({ lock_version: [VALIDATION.notInteger] });
  return n;
}
