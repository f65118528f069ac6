import { z } from 'zod';
import { VALIDATION } from '../errors';

/** The largest value of a Postgres integer (int4) column: ids, iids, page numbers. */
export const INT4_MAX = 2_147_483_647;

/**
 * Texts for zod's own checks, so a schema without custom messages still answers in the
 * catalogue's words ("can't be blank", "must be a string", ...). Pass it to every parse.
 */
export const validationErrorMap: z.ZodErrorMap = (issue, ctx) => {
  // A schema's own required_error/invalid_type_error arrives as defaultError: it wins
  const stock = ctx.defaultError === 'Required' || ctx.defaultError.startsWith('Expected ') || ctx.defaultError.startsWith('Invalid');
  if (!stock) return { message: ctx.defaultError };
  if (issue.code === z.ZodIssueCode.invalid_type) {
    if (issue.received === 'undefined') return { message: VALIDATION.missing };
    if (issue.expected === 'string') return { message: VALIDATION.notString };
    if (issue.expected === 'number' || issue.expected === 'integer') return { message: VALIDATION.notInteger };
    if (issue.expected === 'boolean') return { message: VALIDATION.notBoolean };
    return { message: VALIDATION.invalid };
  }
  if (issue.code === z.ZodIssueCode.unrecognized_keys) return { message: VALIDATION.invalid };
  return { message: ctx.defaultError };
};

const daysIn = (year: number, month: number) =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** YYYY-MM-DD naming a real calendar day (2030-02-30 and 0000-01-01 are not). */
export function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

/** The UTC day today, as YYYY-MM-DD (the comparison GitLab's "not in the past" checks make). */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** A date field: YYYY-MM-DD and a real day, else VALIDATION.notDate. */
export const calendarDate = (message: string = VALIDATION.notDate) =>
  z.string({ invalid_type_error: message }).refine(isCalendarDate, message);

/**
 * An optional date that may be cleared: undefined stays undefined (unchanged), null and ''
 * become null (no date), anything else must be a calendar date.
 */
export const clearableDate = (message: string = VALIDATION.notDate) =>
  z.union([z.literal('').transform(() => null), z.null(), calendarDate(message)], { errorMap: () => ({ message }) }).optional();

/**
 * A positive integer that fits an int4 column, sent as a JSON number or a decimal string
 * (query strings and form posts carry strings). "1e3", "-3" and 1.5 are not integers.
 */
export const positiveInt = (max: number = INT4_MAX) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ invalid_type_error: VALIDATION.notInteger })
      .int(VALIDATION.notInteger)
      .min(1, VALIDATION.mustBePositive)
      .max(max, VALIDATION.tooLarge(max)),
  );

/** A required, trimmed, non-blank string of at most `max` characters (missing reads "can't be blank"). */
export const requiredText = (max: number) =>
  z
    .string({ required_error: VALIDATION.required })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, VALIDATION.required).max(max, VALIDATION.tooLong(max)));
