import type { z } from 'zod';
import { validationErrorMap } from '@tandem/shared-types';
import { ValidationError } from '../errors/app-error';

/** GitLab's field-keyed validation shape from a zod error: {"expires_at": ["must be a date ..."]}. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = issue.path.length ? issue.path.join('.') : 'base';
    const list = (fields[name] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fields;
}

/**
 * Parses API input with a zod schema: the typed value, or a 400 ValidationError naming each
 * bad field (one helper, so every endpoint answers the same shape with the catalogue's texts).
 */
export function parseInput<S extends z.ZodTypeAny>(schema: S, raw: unknown): z.output<S> {
  const r = schema.safeParse(raw ?? {}, { errorMap: validationErrorMap });
  if (!r.success) throw new ValidationError(fieldErrors(r.error));
  return r.data as z.output<S>;
}
