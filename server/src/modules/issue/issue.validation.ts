import { z } from 'zod';
import { VALIDATION } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';
import { ISSUE_FIELDS } from './fields';
import type { IssueCreateInput, IssueUpdateInput } from './fields/issue-input';

export type { IssueCreateInput, IssueUpdateInput, LabelsChange, LabelRef } from './fields/issue-input';

/** Every parameter an update reads (REST PUT and the page's PUT {issue}.json), from the field registry. */
const UPDATE_PARAMS = Object.assign({}, ...ISSUE_FIELDS.map((f) => f.params)) as Record<string, z.ZodTypeAny>;
export const UPDATE_PARAM_NAMES = Object.keys(UPDATE_PARAMS);
/** The parameters a create takes: those of the fields taken on create. */
export const CREATE_PARAM_NAMES = ISSUE_FIELDS.filter((f) => f.onCreate).flatMap((f) => Object.keys(f.params));
/** The parameters the bulk update takes for the fields it sets. */
export const BULK_PARAM_NAMES = ISSUE_FIELDS.flatMap((f) => f.bulk?.params ?? []);

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

/** REST/GraphQL create parameters: a title, and any field taken on create. */
export function parseIssueCreate(raw: Record<string, unknown>): IssueCreateInput {
  const withTitle = raw.title === undefined ? { ...raw, title: null } : raw;
  const input = readFields(parseParams(withTitle, CREATE_PARAM_NAMES));
  return { ...input, title: input.title ?? '' } as IssueCreateInput;
}

/** The bulk update's field parameters (others of the form, issuable_ids and subscription_event, are the caller's). */
export function parseBulkFields(raw: Record<string, unknown>): IssueUpdateInput {
  return readFields(parseParams(raw, BULK_PARAM_NAMES));
}

/** lock_version from the page's PUT {issue}.json: a non-negative integer when present. */
export function parseLockVersion(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 0 || n > 2_147_483_647) throw new ValidationError({ lock_version: [VALIDATION.notInteger] });
  return n;
}
