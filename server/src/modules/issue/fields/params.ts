import { z } from 'zod';
import { VALIDATION } from '@tandem/shared-types';

/**
 * zod schemas for GitLab-style parameters: JSON or form values ("true", "1", "a,b"), with
 * the messages of shared-types' VALIDATION catalogue.
 */
const fail = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
};

/** A string of at most `max` characters; `required`: not blank. null passes (absent value). */
export const textParam = (max: number, opts: { required?: boolean } = {}) =>
  z.unknown().transform((v, ctx): string | null => {
    if (v === null) return opts.required ? fail(ctx, VALIDATION.required) : null;
    if (typeof v !== 'string') return fail(ctx, 'must be a string');
    if (opts.required && v.trim() === '') return fail(ctx, VALIDATION.required);
    if (v.length > max) return fail(ctx, VALIDATION.tooLong(max));
    return v;
  });

export const boolParam = () =>
  z.unknown().transform((v, ctx): boolean => {
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === '1' || v === 1) return true;
    if (v === 'false' || v === '0' || v === 0) return false;
    return fail(ctx, VALIDATION.notBoolean);
  });

export const oneOfParam = <T extends string>(values: readonly T[], opts: { nullable?: boolean } = {}) =>
  z.unknown().transform((v, ctx): T | null => {
    if (v === null && opts.nullable) return null;
    const s = typeof v === 'string' ? v.toLowerCase() : v;
    if ((values as readonly unknown[]).includes(s)) return s as T;
    return fail(ctx, VALIDATION.notAllowed(values));
  });

/** YYYY-MM-DD that exists on the calendar (2030-02-30 does not); null or "" removes. */
export const dateParam = () =>
  z.unknown().transform((v, ctx): string | null => {
    if (v === null || v === '') return null;
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || v.startsWith('0000')) return fail(ctx, VALIDATION.notDate);
    const d = new Date(`${v}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) return fail(ctx, VALIDATION.notDate);
    return v;
  });

/** A non-negative int4; null or "" removes. */
export const nonNegativeIntParam = () =>
  z.unknown().transform((v, ctx): number | null => {
    if (v === null || v === '') return null;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 0 || n > 2_147_483_647) return fail(ctx, VALIDATION.notNonNegativeInteger);
    return n;
  });

/**
 * Positive int4 ids as an array, a comma-separated string or one number; null, "" or 0 is the
 * empty list, and a 0 in the list names nothing (GitLab's bulk form sends assignee_ids [0] for "Unassigned").
 */
export const idListParam = () =>
  z.unknown().transform((v, ctx): number[] => {
    if (v === null || v === '' || v === 0 || v === '0') return [];
    const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
    const out: number[] = [];
    for (const x of items) {
      const n = typeof x === 'number' ? x : typeof x === 'string' && /^\s*\d+\s*$/.test(x) ? Number(x) : NaN;
      if (n === 0) continue;
      if (!Number.isSafeInteger(n) || n < 0 || n > 2_147_483_647) return fail(ctx, 'must be a list of positive integers');
      out.push(n);
    }
    return [...new Set(out)];
  });

/** Names as an array or a comma-separated string, trimmed and de-duplicated; null or "" is the empty list. */
export const nameListParam = (max = 255) =>
  z.unknown().transform((v, ctx): string[] => {
    if (v === null || v === '') return [];
    const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : null;
    if (!items || !items.every((x) => typeof x === 'string')) return fail(ctx, 'must be a comma-separated list of names');
    const names = [...new Set((items as string[]).map((x) => x.trim()).filter(Boolean))];
    if (names.some((n) => n.length > max)) return fail(ctx, VALIDATION.tooLong(max));
    return names;
  });

/** One positive int4 id; null, "", 0 or "0" is "none" (GitLab's milestone_id: 0 removes). */
export const optionalIdParam = () =>
  z.unknown().transform((v, ctx): number | null => {
    if (v === null || v === '' || v === 0 || v === '0') return null;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) return fail(ctx, 'must be a positive integer');
    return n;
  });

/** One of `values`, compared case-insensitively and given back as listed; null or "" is none when `nullable`. */
export const enumParam = <T extends string>(values: readonly T[], opts: { nullable?: boolean } = {}) =>
  z.unknown().transform((v, ctx): T | null => {
    if ((v === null || v === '') && opts.nullable) return null;
    const hit = typeof v === 'string' ? values.find((x) => x.toLowerCase() === v.trim().toLowerCase()) : undefined;
    return hit ?? fail(ctx, VALIDATION.notAllowed(values));
  });
