import { z } from 'zod';
import { VALIDATION } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';
import { ISSUE_FIELDS } from './fields';
import type { IssueCreateInput, IssueUpdateInput } from './fields/issue-input';

export type { IssueCreateInput, IssueUpdateInput, LabelsChange, LabelRef } from './fields/issue-input';

/** Every parameter an update reads, from the field registry. */
const UPDATE_PARAMS = Object.assign({}, ...ISSUE_FIELDS.map((f) => f.params)) as Record<string, z.ZodTypeAny>;
const UPDATE_PARAM_NAMES = Object.keys(UPDATE_PARAMS);
/** Parameters that make no sense at creation. */
const NOT_ON_CREATE = ['state_event', 'add_labels', 'remove_labels', 'update_task'];

/** zod's issues as the API's `{field: [messages]}`. */
export function validationErrorOf(error: z.ZodError): ValidationError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[String(issue.path[0] ?? 'base')] ??= []).push(issue.message);
  return new ValidationError(fields);
}

/** One object schema per set of parameters sent (built once: this runs on every write). */
const objectSchemas = new Map<string, z.ZodTypeAny>();

function parseParams(raw: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const sent = names.filter((n) => raw[n] !== undefined);
  const key = sent.join(',');
  let schema = objectSchemas.get(key);
  if (!schema) objectSchemas.set(key, (schema = z.object(Object.fromEntries(sent.map((n) => [n, UPDATE_PARAMS[n]!])))));
  const result = schema.safeParse(raw);
  if (!result.success) throw validationErrorOf(result.error);
  return result.data as Record<string, unknown>;
}

function readFields(params: Record<string, unknown>): IssueUpdateInput {
  const input: Record<string, unknown> = {};
  for (const f of ISSUE_FIELDS) {
    const v = f.read(params);
    if (v !== undefined) input[f.key] = v;
  }
  return input as IssueUpdateInput;
}

/** REST/page update parameters (snake_case, as GitLab's API); at least one must be given. */
export function parseIssueUpdate(raw: Record<string, unknown>): IssueUpdateInput {
  if (!UPDATE_PARAM_NAMES.some((f) => raw[f] !== undefined)) throw new ValidationError({ base: [VALIDATION.atLeastOne(UPDATE_PARAM_NAMES)] });
  return readFields(parseParams(raw, UPDATE_PARAM_NAMES));
}

/** REST/page create parameters: a title, and any field. */
export function parseIssueCreate(raw: Record<string, unknown>): IssueCreateInput {
  const withTitle = raw.title === undefined ? { ...raw, title: null } : raw;
  const input = readFields(parseParams(withTitle, UPDATE_PARAM_NAMES.filter((n) => !NOT_ON_CREATE.includes(n))));
  return { ...input, title: input.title ?? '' } as IssueCreateInput;
}

/** lock_version from the page's PUT {issue}.json: a non-negative integer when present. */
export function parseLockVersion(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 0 || n > 2_147_483_647) throw new ValidationError({ lock_version: [VALIDATION.notInteger] });
  return n;
}
