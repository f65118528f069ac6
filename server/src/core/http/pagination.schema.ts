import { z } from 'zod';
import { INT4_MAX, LIMITS, VALIDATION } from '@tandem/shared-types';

const message = 'must be a positive integer';

/** A page number from the query string; '' means the default. */
const pageNumber = z.preprocess(
  (v) => (v === '' ? undefined : typeof v === 'string' && /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : v),
  z.number({ invalid_type_error: message }).int(message).min(1, message).max(INT4_MAX, VALIDATION.tooLarge(INT4_MAX)).optional(),
);

/** page (default 1) and per_page (default 20, capped at 100), as GitLab's offset pagination. */
export const pageParamsSchema = z
  .object({ page: pageNumber, per_page: pageNumber })
  .transform((q) => ({ page: q.page ?? 1, perPage: Math.min(q.per_page ?? LIMITS.perPageDefault, LIMITS.perPageMax) }));
