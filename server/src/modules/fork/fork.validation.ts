import { z } from 'zod';
import { LIMITS, requiredText, VALIDATION, VISIBILITIES, type Visibility } from '@tandem/shared-types';
import { parseInput } from '../../core/http/zod-input';

/** GitLab's project path rule (Gitlab::PathRegex.project_path_format_regex). */
const PROJECT_PATH = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/;

const visibility = z.preprocess(
  (v) => (typeof v === 'string' ? v.toLowerCase() : v),
  z.enum(VISIBILITIES, { errorMap: () => ({ message: VALIDATION.notAllowed(VISIBILITIES) }) }),
);

const path = z
  .string({ invalid_type_error: VALIDATION.notString })
  .max(255, VALIDATION.tooLong(255))
  .refine((s) => PROJECT_PATH.test(s) && !/\.(git|atom)$/i.test(s) && !s.endsWith('.'), VALIDATION.projectPath);

const idOrPath = z.union([z.number().int().positive().max(2_147_483_647), z.string().min(1).max(1024)], { errorMap: () => ({ message: VALIDATION.invalid }) });

const forkSchema = z
  .object({
    namespace_id: z.coerce.number({ invalid_type_error: VALIDATION.notInteger }).int(VALIDATION.notInteger).positive(VALIDATION.mustBePositive).max(2_147_483_647, VALIDATION.tooLarge(2_147_483_647)).optional(),
    namespace_path: z.string({ invalid_type_error: VALIDATION.notString }).min(1, VALIDATION.required).max(1024, VALIDATION.tooLong(1024)).optional(),
    /** Deprecated in GitLab, still taken: an id or a path. */
    namespace: idOrPath.optional(),
    name: requiredText(LIMITS.projectNameMaxLength).optional(),
    path: path.optional(),
    description: z.string({ invalid_type_error: VALIDATION.notString }).max(LIMITS.projectDescriptionMaxLength, VALIDATION.tooLong(LIMITS.projectDescriptionMaxLength)).nullable().optional(),
    visibility: visibility.optional(),
  })
  .strip();

export interface ForkInput {
  /** The target namespace by id or full path; none: the actor's personal namespace. */
  namespace?: number | string;
  name?: string;
  path?: string;
  description?: string | null;
  visibility?: Visibility;
}

/** POST /projects/:id/fork's body (GitLab's params; unknown ones are ignored). */
export function parseFork(raw: unknown): ForkInput {
  const b = parseInput(forkSchema, raw ?? {});
  const out: ForkInput = {};
  const ns = b.namespace_id ?? b.namespace_path ?? b.namespace;
  if (ns !== undefined) out.namespace = ns;
  if (b.name !== undefined) out.name = b.name;
  if (b.path !== undefined) out.path = b.path;
  if (b.description !== undefined) out.description = b.description;
  if (b.visibility !== undefined) out.visibility = b.visibility;
  return out;
}

const forksListSchema = z.object({
  search: z.string().max(255, VALIDATION.tooLong(255)).optional(),
  owned: z.enum(['true', 'false'], { errorMap: () => ({ message: VALIDATION.notBoolean }) }).optional(),
  membership: z.enum(['true', 'false'], { errorMap: () => ({ message: VALIDATION.notBoolean }) }).optional(),
  with_merge_requests_enabled: z.enum(['true', 'false'], { errorMap: () => ({ message: VALIDATION.notBoolean }) }).optional(),
  min_access_level: z.enum(['10', '15', '20', '30', '40', '50'], { errorMap: () => ({ message: VALIDATION.notAllowed(['10', '15', '20', '30', '40', '50']) }) }).optional(),
  visibility: visibility.optional(),
});

export interface ForksQuery {
  search?: string;
  membership: boolean;
  minAccessLevel?: number;
  visibility?: Visibility;
  mergeRequestsEnabled: boolean;
}

/** GET /projects/:id/forks: search, owned, membership, min_access_level, visibility, with_merge_requests_enabled. */
export function parseForksQuery(raw: Record<string, unknown>): ForksQuery {
  const q = parseInput(forksListSchema, raw);
  return {
    search: q.search || undefined,
    membership: q.membership === 'true',
    // owned: the actor owns it (GitLab: projects in the user's namespace or owned through membership)
    minAccessLevel: q.owned === 'true' ? 50 : q.min_access_level ? Number(q.min_access_level) : undefined,
    visibility: q.visibility,
    mergeRequestsEnabled: q.with_merge_requests_enabled === 'true',
  };
}
