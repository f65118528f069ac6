import { z } from 'zod';
import { LIMITS, requiredText, VALIDATION, VISIBILITIES, type Visibility } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';
import { parseInput } from '../../core/http/zod-input';

export interface ProjectUpdateInput {
  name?: string;
  description?: string | null;
  visibility?: Visibility;
  serviceDeskEnabled?: boolean;
}

const UPDATE_FIELDS = ['name', 'description', 'visibility', 'service_desk_enabled'] as const;
const visibilityMessage = VALIDATION.notAllowed(VISIBILITIES);

const updateSchema = z.object({
  // null is no name: "can't be blank", as an empty one
  name: z.preprocess((v) => (v === null ? '' : v), requiredText(LIMITS.projectNameMaxLength)).optional(),
  description: z
    .string()
    .max(LIMITS.projectDescriptionMaxLength, VALIDATION.tooLong(LIMITS.projectDescriptionMaxLength))
    .nullable()
    .optional(),
  visibility: z
    .preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(VISIBILITIES, { errorMap: () => ({ message: visibilityMessage }) }))
    .optional(),
  // GitLab's API coerces form values: "true"/"false" are booleans too
  service_desk_enabled: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ errorMap: () => ({ message: VALIDATION.notBoolean }) }))
    .optional(),
});

/** PUT /projects/:id: `name`, `description`, `visibility`, `service_desk_enabled`; at least one (other GitLab settings are ignored). */
export function parseProjectUpdate(raw: Record<string, unknown>): ProjectUpdateInput {
  if (!UPDATE_FIELDS.some((f) => raw[f] !== undefined)) throw new ValidationError({ base: [VALIDATION.atLeastOne(UPDATE_FIELDS)] });
  const { service_desk_enabled, ...input } = parseInput(updateSchema, raw);
  const out = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as ProjectUpdateInput;
  if (service_desk_enabled !== undefined) out.serviceDeskEnabled = service_desk_enabled;
  return out;
}

/** GET /projects: `search` (a name fragment) and `membership` (true: only projects the caller is a member of). */
const listSchema = z.object({
  search: z.string().max(255, VALIDATION.tooLong(255)).optional(),
  membership: z.enum(['true', 'false'], { errorMap: () => ({ message: VALIDATION.notBoolean }) }).optional(),
});

export function parseProjectListQuery(raw: Record<string, unknown>): { search?: string; membership: boolean } {
  const q = parseInput(listSchema, raw);
  return { search: q.search || undefined, membership: q.membership === 'true' };
}
