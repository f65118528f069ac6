import { LIMITS, VALIDATION, VISIBILITIES, type Visibility } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';

export interface ProjectUpdateInput {
  name?: string;
  description?: string | null;
  visibility?: Visibility;
}

const UPDATE_FIELDS = ['name', 'description', 'visibility'] as const;

/** PUT /projects/:id: `name`, `description`, `visibility`; at least one (other GitLab settings are ignored). */
export function parseProjectUpdate(raw: Record<string, unknown>): ProjectUpdateInput {
  if (!UPDATE_FIELDS.some((f) => raw[f] !== undefined)) throw new ValidationError({ base: [VALIDATION.atLeastOne(UPDATE_FIELDS)] });
  const e: Record<string, string[]> = {};
  const add = (field: string, msg: string) => (e[field] ??= []).push(msg);
  const input: ProjectUpdateInput = {};
  if (raw.name !== undefined) {
    if (typeof raw.name !== 'string' || raw.name.trim() === '') add('name', VALIDATION.required);
    else if (raw.name.trim().length > LIMITS.projectNameMaxLength) add('name', VALIDATION.tooLong(LIMITS.projectNameMaxLength));
    else input.name = raw.name.trim();
  }
  if (raw.description !== undefined) {
    if (raw.description === null) input.description = null;
    else if (typeof raw.description !== 'string') add('description', 'must be a string');
    else if (raw.description.length > LIMITS.projectDescriptionMaxLength) add('description', VALIDATION.tooLong(LIMITS.projectDescriptionMaxLength));
    else input.description = raw.description;
  }
  if (raw.visibility !== undefined) {
    const v = typeof raw.visibility === 'string' ? raw.visibility.toLowerCase() : raw.visibility;
    if ((VISIBILITIES as readonly unknown[]).includes(v)) input.visibility = v as Visibility;
    else add('visibility', VALIDATION.notAllowed(VISIBILITIES));
  }
  if (Object.keys(e).length) throw new ValidationError(e);
  return input;
}
